import { MEMBER_IMPORT_COLUMNS } from "../modules/members/member-import.ts";
import { STORE_COLUMNS } from "../modules/stores/store-import.ts";
import { DISABLE_USAGE, disableAccount, ENABLE_USAGE, enableAccount } from "./accounts.ts";
import { AUDIT_VERIFY_USAGE, auditVerify } from "./audit-verify.ts";
import { BACKUP_USAGE, backup } from "./backup.ts";
import { COIN_SCHEME_COMMANDS } from "./coin-scheme.ts";
import type { AdminCommand } from "./command.ts";
import {
  BANNER_ADD_USAGE,
  BANNER_LIST_USAGE,
  BANNER_SET_STATUS_USAGE,
  bannerAdd,
  bannerList,
  bannerSetStatus,
  MEDIA_ADD_USAGE,
  MEDIA_LIST_USAGE,
  mediaAdd,
  mediaList,
  PAGE_LIST_USAGE,
  PAGE_SET_USAGE,
  pageList,
  pageSet,
} from "./content.ts";
import {
  BANNER_DELETE_USAGE,
  BANNER_MOVE_USAGE,
  bannerDelete,
  bannerMove,
  PAGE_DELETE_USAGE,
  pageDelete,
} from "./content-editing.ts";
import { IMPORT_MEMBERS_USAGE, importMembers } from "./import-members.ts";
import { MEMBER_ERASE_USAGE, memberErase } from "./member-erase.ts";
import { MEMBER_EXPORT_USAGE, memberExport } from "./member-export.ts";
import { BLOCK_USAGE, blockNumber, UNBLOCK_USAGE, unblockNumber } from "./numbers.ts";
import { OPERATOR_COMMANDS } from "./operators.ts";
import { REWARD_COMMANDS } from "./rewards.ts";
import { SCHEME_STEP_COMMANDS } from "./scheme-steps.ts";
import {
  BRAND_ADD_USAGE,
  BRAND_DELETE_USAGE,
  BRAND_LIST_USAGE,
  brandAdd,
  brandDelete,
  brandList,
  STORES_EXPORT_USAGE,
  STORES_IMPORT_USAGE,
  storesExport,
  storesImport,
} from "./stores.ts";
import { TILL_KEY_COMMANDS } from "./till-keys.ts";
import { UNSUBSCRIBE_LINK_USAGE, unsubscribeLink } from "./unsubscribe-link.ts";

/** CMS pages and banners, media, stores and brands (cli/content.ts, cli/stores.ts). */
const CONTENT_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "page-set": {
    usage: PAGE_SET_USAGE,
    summary:
      "Create or update the CMS page at <location>/<slug> (terms: general/terms-and-conditions, privacy: general/privacy-policy). HTML comes from a file per language (--html-xx) or the flag itself (--content-xx) and is sanitised; a new page needs --title-tc and --html-tc. Times without a zone are Hong Kong time; none clears.",
    run: pageSet,
  },
  "page-list": {
    usage: PAGE_LIST_USAGE,
    summary: "List CMS pages with status and publish window.",
    run: pageList,
  },
  "banner-add": {
    usage: BANNER_ADD_USAGE,
    summary:
      "Add a banner (the welcome page's location is welcome). Images are files (PNG, JPEG, GIF, WebP, SVG; added to the media store) or tokens already stored. Lower --order shows first.",
    run: bannerAdd,
  },
  "banner-list": {
    usage: BANNER_LIST_USAGE,
    summary: "List banners with order, status and schedule.",
    run: bannerList,
  },
  "banner-set-status": {
    usage: BANNER_SET_STATUS_USAGE,
    summary: "Show (active) or hide (inactive) a banner.",
    run: bannerSetStatus,
  },
  "banner-move": {
    usage: BANNER_MOVE_USAGE,
    summary: "Move a banner up or down its location's order (as the console does); writes one audit entry.",
    run: bannerMove,
  },
  "banner-delete": {
    usage: BANNER_DELETE_USAGE,
    summary: "Delete a banner (its images stay in the media store); writes one audit entry.",
    run: bannerDelete,
  },
  "page-delete": {
    usage: PAGE_DELETE_USAGE,
    summary: "Delete a CMS page (see page-list for ids); writes one audit entry.",
    run: pageDelete,
  },
  "media-add": {
    usage: MEDIA_ADD_USAGE,
    summary:
      "Add an image to the media store (type checked from its bytes and the extension, MEDIA_MAX_BYTES at most, SVG sanitised) and print its token.",
    run: mediaAdd,
  },
  "media-list": { usage: MEDIA_LIST_USAGE, summary: "List the media store.", run: mediaList },
  "stores-import": {
    usage: STORES_IMPORT_USAGE,
    summary: `Create or update stores from a CSV file, matched by code. Columns: ${STORE_COLUMNS.join(", ")}; only code is required, columns left out keep their values. Region and district are codes or names. One bad row and nothing is imported. --deactivate-missing hides active stores not in the file.`,
    run: storesImport,
  },
  "stores-export": {
    usage: STORES_EXPORT_USAGE,
    summary: "Write every store as CSV (the columns of stores-import) to a file, or print it.",
    run: storesExport,
  },
  "brand-add": {
    usage: BRAND_ADD_USAGE,
    summary:
      "Create a brand (a new one needs --name-en, --name-tc and --name-sc) or update the fields given.",
    run: brandAdd,
  },
  "brand-list": { usage: BRAND_LIST_USAGE, summary: "List brands.", run: brandList },
  "brand-delete": {
    usage: BRAND_DELETE_USAGE,
    summary: "Delete a brand that no store names.",
    run: brandDelete,
  },
};

/** Members' numbers and accounts, data protection, backup and the audit log. */
const MEMBER_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "import-members": {
    usage: IMPORT_MEMBERS_USAGE,
    summary: `Import app members from a CSV file with a header row. Columns: ${MEMBER_IMPORT_COLUMNS.join(", ")}; the first two are required, the others may be left out or empty. Members are opted out of marketing on every channel unless email_consent, sms_consent or phone_consent is yes (then consent_statement names the statement they agreed to). Every row is checked first: one bad row and nothing is imported. Imported members answer CheckPhone 40005 until they finish web registration.`,
    run: importMembers,
  },
  block: {
    usage: BLOCK_USAGE,
    summary: "Block a number: CheckPhone answers 40002 and it cannot register.",
    run: blockNumber,
  },
  unblock: {
    usage: UNBLOCK_USAGE,
    summary: "Lift a block.",
    run: unblockNumber,
  },
  disable: {
    usage: DISABLE_USAGE,
    summary: "Disable a member's account: login answers 4202 and all their access tokens are revoked.",
    run: disableAccount,
  },
  enable: {
    usage: ENABLE_USAGE,
    summary: "Enable a disabled account again.",
    run: enableAccount,
  },
  "unsubscribe-link": {
    usage: UNSUBSCRIBE_LINK_USAGE,
    summary: "Print a member's unsubscribe link (PUBLIC_URL, or http://localhost:PORT).",
    run: unsubscribeLink,
  },
  "member-export": {
    usage: MEMBER_EXPORT_USAGE,
    summary:
      "Write everything held about a member (account, profile, preferences and their consent records, sessions, SMS code records of the number, block, H Coins accounts and ledger) as one JSON document, secrets left out; for a data access request. docs/data-protection.md.",
    run: memberExport,
  },
  "member-erase": {
    usage: MEMBER_ERASE_USAGE,
    summary:
      "Erase a member: their record, consent records, sessions (logged out) and the number's SMS code records are deleted and their H Coins accounts anonymised (the ledger stays): one transaction with the embedded scheme; an external scheme is asked first, and when it cannot answer nothing is erased. Asks for confirmation unless --yes. docs/data-protection.md.",
    run: (services, args) => memberErase(services, args),
  },
  backup: {
    usage: BACKUP_USAGE,
    summary:
      "Copy the database to a new file while the server runs, and check the copy: SQLite's online backup (integrity_check), or pg_dump's custom format of the server's schema on PostgreSQL (pg_dump and pg_restore on PATH). docs/data-protection.md.",
    run: backup,
  },
  "audit-verify": {
    usage: AUDIT_VERIFY_USAGE,
    summary:
      "Check the audit log's hash chain (also a daily job): each entry against its hash and the one before it. Prints the head's hash (keep a copy elsewhere), or exits 1 naming the first entry changed, deleted before or missing at the end.",
    run: auditVerify,
  },
};

/** The commands by theme, in the order `help` lists them; docs/cli.md has a section for each. */
export const COMMAND_GROUPS: readonly { title: string; commands: Readonly<Record<string, AdminCommand>> }[] =
  [
    { title: "Members, data protection and the audit log", commands: MEMBER_COMMANDS },
    { title: "H Coins", commands: { ...COIN_SCHEME_COMMANDS, ...SCHEME_STEP_COMMANDS } },
    { title: "Rewards and vouchers", commands: REWARD_COMMANDS },
    { title: "Content: CMS pages, banners, media, stores and brands", commands: CONTENT_COMMANDS },
    { title: "Console operators", commands: OPERATOR_COMMANDS },
    { title: "Till keys", commands: TILL_KEY_COMMANDS },
  ];

/** Every admin command by name; `help` is answered by admin.ts without opening the database. */
export const COMMANDS: Readonly<Record<string, AdminCommand>> = Object.fromEntries(
  COMMAND_GROUPS.flatMap((group) => Object.entries(group.commands)),
);

/** Lets a command create and migrate the database DATABASE_URL names when it holds no member server tables. */
export const CREATE_DATABASE_FLAG = "--create-database";

/** The head of `help`, before the commands (docs/cli.md starts with it too). */
export const USAGE_HEAD: readonly string[] = [
  `Usage: npm run admin -- [${CREATE_DATABASE_FLAG}] <command> [arguments]`,
  "",
  "Uses the server's configuration (DATABASE_URL, default sqlite:./data/members.db), and names the",
  "database on stderr first. It must hold the member server's tables: a missing SQLite file,",
  `PostgreSQL database or schema is refused (exit 78) unless ${CREATE_DATABASE_FLAG} asks to create it.`,
  "<prefix> is 852, 853 or 86; <mobile> is 8 digits (852, 853) or 11 digits (86).",
];

export function usageText(): string {
  const lines = [...USAGE_HEAD, "", "Commands:"];
  for (const command of Object.values(COMMANDS)) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  lines.push("  help", "      Show this text.");
  return lines.join("\n");
}
