import { DISABLE_USAGE, disableAccount, ENABLE_USAGE, enableAccount } from "./accounts.ts";
import type { CommandRun } from "./command.ts";
import { IMPORT_COLUMNS, IMPORT_MEMBERS_USAGE, importMembers } from "./import-members.ts";
import { BLOCK_USAGE, blockNumber, UNBLOCK_USAGE, unblockNumber } from "./numbers.ts";
import { UNSUBSCRIBE_LINK_USAGE, unsubscribeLink } from "./unsubscribe-link.ts";

export interface AdminCommand {
  usage: string;
  summary: string;
  run: CommandRun;
}

/** Every admin command by name; `help` is answered by admin.ts without opening the database. */
export const COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "import-members": {
    usage: IMPORT_MEMBERS_USAGE,
    summary: `Import app members from a CSV file with a header row. Columns: ${IMPORT_COLUMNS.join(", ")}; the first two are required, the others may be left out or empty. Every row is checked first: one bad row and nothing is imported. Imported members answer CheckPhone 40005 until they finish web registration.`,
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
};

export function usageText(): string {
  const lines = [
    "Usage: npm run admin -- <command> [arguments]",
    "",
    "Uses the server's configuration (DATABASE_URL, default sqlite:./data/members.db).",
    "<prefix> is 852, 853 or 86; <mobile> is 8 digits (852, 853) or 11 digits (86).",
    "",
    "Commands:",
  ];
  for (const command of Object.values(COMMANDS)) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  lines.push("  help", "      Show this text.");
  return lines.join("\n");
}
