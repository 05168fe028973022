import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import type { SchemeTransaction } from "@hcoins/coin-scheme/contract";
import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import {
  ADJUSTMENT_REASON_TEXT,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
} from "@hcoins/domain/adjustment-reasons";
import { CoinStatus, ErrorCode } from "@hcoins/domain/codes";
import { isCalendarDate, PROGRAMME_TIME_ZONE } from "@hcoins/domain/earn-rules";
import {
  formatExpiryPolicy,
  MAX_EXPIRY_MONTHS,
  nextProgrammeTime,
  parseExpiryPolicy,
} from "@hcoins/domain/ledger-rules";
import { AppError, type FieldError } from "../errors.ts";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "../modules/coins/coin-scheme-client.ts";
import { showMember, showPhone } from "../modules/members/operator-text.ts";
import { StoreInputError } from "../modules/stores/service.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { CliError, parseCommandArgs, phoneArgument, phoneCommandArgs } from "./command.ts";

/*
 * Operator commands for the H Coins scheme. They go through the same client as the
 * member server (the embedded scheme on DATABASE_URL, or the scheme at COIN_SCHEME_URL
 * with COIN_SCHEME_API_KEY), so they act on whichever scheme the server uses. The programme's
 * settings (the expiry policy, store flags) change through the services the console's do, so each
 * change writes one audit entry (actor cli:<login>). The birthday month and holidays are campaigns
 * (decision 238), changed in the console where a second operator activates each; holiday-list
 * shows them.
 */

export const HCOIN_ACCOUNT_CREATE_USAGE = "hcoin-account-create <prefix> <mobile>";
export const STORE_PARTNER_USAGE = "store-partner <store_code> --on|--off";
export const STORE_PARTNER_LIST_USAGE = "store-partner-list";
export const STORES_SYNC_USAGE = "stores-sync";
export const HCOIN_ADJUST_USAGE =
  "hcoin-adjust <prefix> <mobile> <coins> --reason <code> --note <text> [--by <operator>] [--allow-negative]";
export const HCOIN_EXPIRY_POLICY_USAGE = "hcoin-expiry-policy [none|year-end|<N>-months] [--by <operator>]";
export const HCOIN_EXPIRY_DRY_RUN_USAGE = "hcoin-expiry-dry-run [--at <YYYY-MM-DD>]";
export const HCOIN_LEDGER_CHECK_USAGE = "hcoin-ledger-check";
export const HOLIDAY_LIST_USAGE = "holiday-list";
export const HCOIN_BALANCE_USAGE = "hcoin-balance <prefix> <mobile> [--limit n]";

const STORE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Runs a scheme call; its failures become CliErrors that say nothing changed. */
export async function scheme<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof CoinSchemeUnavailableError) {
      throw new CliError(
        `the H Coins scheme could not be reached or failed (${error.message}); nothing changed`,
      );
    }
    if (error instanceof CoinSchemeRefusedError)
      throw new CliError(`the H Coins scheme refused: ${error.message}`);
    throw error;
  }
}

/**
 * Runs a ProgrammeService call (it writes the audit entry); its refusals become CliErrors that
 * say nothing changed: the fields and rules of a 4000, `notFound` for a 4040.
 */
export async function programme<T>(action: () => Promise<T>, notFound = "not found"): Promise<T> {
  try {
    return await scheme(action);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.errorCode === ErrorCode.notFound) throw new CliError(`${notFound}; nothing changed`);
    if (error.errorCode === ErrorCode.validation) {
      const errors = (error.details.errors ?? []) as FieldError[];
      const named = errors.map(({ field, rule }) => `${field} ${RULE_TEXT[rule] ?? rule}`).join(", ");
      throw new CliError(`the H Coins scheme refused: ${named || "invalid"}; nothing changed`);
    }
    throw new CliError(
      "the H Coins scheme could not be reached or failed (try again when it is up); nothing changed",
    );
  }
}

/** The rules a programme change may name, in words; the others are shown by name. */
const RULE_TEXT: Record<string, string> = {
  storeUnknown: "names a store the scheme does not know (stores-sync registers the store list's)",
};

/** An unlinked account for a number, so that its member meets hcoin-check-linked 100 and links it. */
export async function hcoinAccountCreate(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(HCOIN_ACCOUNT_CREATE_USAGE, args);
  const number = showPhone(prefix, phone);
  const { account, created } = await scheme(() => services.coinSchemeClient.createAccount({ prefix, phone }));
  const member = await services.members.findByPhone(prefix, phone);
  if (!created) {
    const state = account.linked ? `linked to member ${account.linked_member_ref}` : "not linked";
    return `${number} already has H Coins account ${account.hcoins_memberno} (${state}); nothing changed.`;
  }
  const lines = [
    `Created H Coins account ${account.hcoins_memberno} for ${number}, not linked: hcoin-check-linked now answers ${CoinStatus.exists} for it.`,
  ];
  if (member)
    lines.push(`${capitalise(showMember(member))} holds this number; link-hcoin-2 links it to them.`);
  return lines.join("\n");
}

/** The store's flag, in the store list and the coin scheme's registry at once; an unknown code is refused. */
export async function storePartner(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(STORE_PARTNER_USAGE, ["store_code"], () =>
    parseArgs({
      args,
      options: { on: { type: "boolean", default: false }, off: { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const code = positionals[0] as string;
  if (!STORE_CODE.test(code)) throw new CliError(`store code "${code}" must be 1-32 letters, digits, _ or -`);
  if (values.on === values.off)
    throw new CliError(`give exactly one of --on and --off\nUsage: ${STORE_PARTNER_USAGE}`, 2);
  const result = await scheme(() =>
    services.stores.setPartnerProperty(code, values.on).catch((error: unknown) => {
      if (error instanceof StoreInputError)
        throw new CliError(`${error.problems.join("\n")}; nothing changed`);
      throw error;
    }),
  );
  const state = values.on
    ? "a partner-property store: each whole HKD paid electronically there earns 1 extra H Coin"
    : "not a partner-property store: electronic payment there earns nothing extra";
  return result.changed
    ? `Store ${code} is now ${state} (store list and H Coins scheme).`
    : `Store ${code} was already ${state}; nothing changed.`;
}

/** Every store's flag in the store list beside the coin scheme's registry, disagreements marked. */
export async function storePartnerList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(STORE_PARTNER_LIST_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const registry = new Map(
    (await scheme(() => services.coinSchemeClient.stores())).stores.map((store) => [
      store.store_code,
      store.partner_property,
    ]),
  );
  const stores = await services.stores.partnerFlags();
  const show = (flag: boolean | undefined) =>
    flag === undefined ? "not registered" : flag ? "partner" : "-";
  const lines = ["Store       Store list  H Coins scheme"];
  let apart = 0;
  for (const store of stores) {
    const listed = store.partner_property === 1;
    const known = registry.get(store.code);
    if (known !== listed) apart += 1;
    lines.push(
      `${store.code.padEnd(11)} ${show(listed).padEnd(11)} ${show(known)}${known !== listed ? "   <- differs: stores-sync" : ""}`,
    );
    registry.delete(store.code);
  }
  for (const [code, flag] of registry)
    lines.push(`${code.padEnd(11)} ${"no store".padEnd(11)} ${show(flag)}`);
  lines.push(
    apart === 0
      ? `${stores.length} stores; the scheme agrees on every one.`
      : `${stores.length} stores; ${apart} differ: \`stores-sync\` brings the scheme in step.`,
  );
  return lines.join("\n");
}

export async function storesSync(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(STORES_SYNC_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const { registered, reflagged, inStep } = await scheme(() => services.stores.syncToScheme());
  if (registered.length === 0 && reflagged.length === 0)
    return `The H Coins scheme knows all ${inStep} stores with their flags and brands; nothing changed.`;
  return [
    registered.length > 0 ? `Registered with the H Coins scheme: ${registered.join(", ")}.` : "",
    reflagged.length > 0
      ? `Partner flag or brand corrected in the H Coins scheme: ${reflagged.join(", ")}.`
      : "",
    `${inStep} stores were already in step.`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The operator's name on the entries they make: --by, or the login running the command. */
export function operatorOf(by: string | undefined): string {
  const name = (by ?? userInfo().username).trim();
  if (!name || name.length > 64) throw new CliError(`--by "${by}" must name the operator in 1-64 characters`);
  return name;
}

/** Credits or debits a number's account with a reason (the scheme records the operator). */
export async function hcoinAdjust(services: Services, args: string[]): Promise<string> {
  // A debit (-50) would read as an option: numbers that start with - go after "--", as positionals.
  const negative = (arg: string) => /^-\d/.test(arg);
  const { positionals, values } = parseCommandArgs(HCOIN_ADJUST_USAGE, ["prefix", "mobile", "coins"], () =>
    parseArgs({
      args: [...args.filter((arg) => !negative(arg)), "--", ...args.filter(negative)],
      options: {
        reason: { type: "string" },
        note: { type: "string" },
        by: { type: "string" },
        "allow-negative": { type: "boolean", default: false },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  const { prefix, phone } = phoneArgument(positionals[0] as string, positionals[1] as string);
  const text = positionals[2] as string;
  const coins = Number(text);
  if (!/^[+-]?\d{1,8}$/.test(text) || coins === 0) {
    throw new CliError(`coins "${text}" must be a whole number other than 0: +50 credits, -50 debits`);
  }
  // As in the console: the member reads the reason code's text in their language; the note (ticket,
  // what was agreed) is for operators and stays in the audit log, never on the scheme's ledger.
  const reason = values.reason?.trim() ?? "";
  if (!(ADJUSTMENT_REASONS as readonly string[]).includes(reason))
    throw new CliError(
      `--reason must be one of ${ADJUSTMENT_REASONS.join(", ")} (what the member reads)\nUsage: ${HCOIN_ADJUST_USAGE}`,
      2,
    );
  const note = values.note?.trim();
  if (!note)
    throw new CliError(
      `--note is required: why, for operators (the member never reads it)\nUsage: ${HCOIN_ADJUST_USAGE}`,
      2,
    );
  if (note.length > 500) throw new CliError("--note must be at most 500 characters");
  const operator = operatorOf(values.by);
  const number = showPhone(prefix, phone);
  const account = await scheme(() => services.coinSchemeClient.findAccountByPhone(prefix, phone));
  if (!account) throw new CliError(`${number} has no H Coins account; nothing changed`);
  const result = await scheme(() =>
    services.coinSchemeClient
      .adjust({
        hcoinsMemberNo: account.hcoins_memberno,
        coins,
        reason,
        operator,
        allowNegative: values["allow-negative"],
      })
      .catch((error: unknown) => {
        if (
          error instanceof CoinSchemeRefusedError &&
          error.errorCode === SchemeErrorCode.insufficientBalance
        ) {
          throw new CliError(
            `${number} has ${account.balance} H Coins: a debit of ${-coins} would go below zero; nothing changed (--allow-negative allows it)`,
          );
        }
        throw error;
      }),
  );
  await services.audit.record({
    ...cliActor(),
    action: "coins.adjust",
    target: `hcoins:${account.hcoins_memberno}`,
    before: { balance: result.balance - result.transaction.coins },
    after: {
      balance: result.balance,
      coins,
      reason_code: reason,
      note,
      operator,
      transaction_id: result.transaction.id,
    },
  });
  return `${coins > 0 ? "Credited" : "Debited"} ${Math.abs(coins)} H Coins ${coins > 0 ? "to" : "from"} ${account.hcoins_memberno} (${number}) by ${operator}: ${reason} ("${ADJUSTMENT_REASON_TEXT[reason as AdjustmentReason].en}"). Balance: ${result.balance} H Coins.`;
}

export async function hcoinExpiryPolicy(services: Services, args: string[]): Promise<string> {
  let parsed: { positionals: string[]; values: { by?: string | undefined } };
  try {
    parsed = parseArgs({ args, options: { by: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: ${HCOIN_EXPIRY_POLICY_USAGE}`, 2);
  }
  if (parsed.positionals.length > 1) {
    throw new CliError(
      `unexpected argument "${parsed.positionals[1]}"\nUsage: ${HCOIN_EXPIRY_POLICY_USAGE}`,
      2,
    );
  }
  const given = parsed.positionals[0];
  const explain = (policy: string) =>
    policy === "none"
      ? "coins never expire"
      : policy === "year-end"
        ? "coins expire when the year after the one they were earned in ends (Hong Kong time)"
        : `coins expire at the end of the day ${policy.split("-")[0]} months after they were earned`;
  if (given === undefined) {
    const current = await scheme(() => services.coinSchemeClient.expiryPolicy());
    const set = current.updated_by
      ? ` (set by ${current.updated_by} on ${showTime(current.updated_at as string)})`
      : "";
    return `Expiry policy: ${current.policy}: ${explain(current.policy)}${set}.`;
  }
  const policy = parseExpiryPolicy(given);
  if (!policy) {
    throw new CliError(
      `policy "${given}" must be none, year-end or <N>-months (1 to ${MAX_EXPIRY_MONTHS}, e.g. 24-months)`,
    );
  }
  const operator = operatorOf(parsed.values.by);
  const result = await programme(() =>
    services.programme.setExpiryPolicy(formatExpiryPolicy(policy), cliActor(), operator),
  );
  return `Expiry policy is now ${formatExpiryPolicy(policy)}: ${explain(result.policy)}. It applies to coins credited from now on; coins earned before keep their expiry.`;
}

/** What the next daily expiry run (or the one at the end of --at's day) would expire; nothing changes. */
export async function hcoinExpiryDryRun(services: Services, args: string[]): Promise<string> {
  const { values } = parseCommandArgs(HCOIN_EXPIRY_DRY_RUN_USAGE, [], () =>
    parseArgs({ args, options: { at: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  let at: number | undefined;
  if (values.at !== undefined) {
    const date = dateArgument(values.at);
    // The run just after that Hong Kong day ends.
    at = nextProgrammeTime(Date.parse(`${date}T23:59:59+08:00`), 0, 10);
  }
  const preview = await scheme(() => services.coinSchemeClient.previewExpiry(at));
  const when = showTime(preview.at);
  if (preview.credits === 0) return `The expiry run of ${when} (Hong Kong time) would expire nothing.`;
  return `The expiry run of ${when} (Hong Kong time) would expire ${preview.coins} H Coins from ${preview.accounts} accounts (${preview.credits} earnings). Dry run: nothing changed.`;
}

export async function hcoinLedgerCheck(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(HCOIN_LEDGER_CHECK_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const {
    accounts,
    disagreements,
    unbalanced_entries: unbalanced,
  } = await scheme(() => services.coinSchemeClient.checkLedger());
  if (unbalanced.length > 0)
    throw new CliError(`Entries whose earn lines do not add up to their coins: ${unbalanced.join(", ")}`);
  if (disagreements.length === 0)
    return `The ledger holds: all ${accounts} accounts' balances equal the sums of their entries.`;
  const lines = disagreements.map(
    (row) =>
      `  ${row.hcoins_memberno}: balance ${row.balance}, ledger sum ${row.ledger_sum}, unspent credits ${row.remaining_sum}`,
  );
  throw new CliError(
    [`${disagreements.length} of ${accounts} accounts disagree with their ledger:`, ...lines].join("\n"),
  );
}

function dateArgument(text: string): string {
  if (!isCalendarDate(text)) throw new CliError(`date "${text}" is not a calendar date written YYYY-MM-DD`);
  return text;
}

/** The programme rules' multipliers: the birthday month's now and every holiday, each with its campaign. */
export async function holidayList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(HOLIDAY_LIST_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const bonusDays = await scheme(() => services.coinSchemeClient.bonusDays());
  const lines = [
    bonusDays.birthday_campaign_id === null
      ? "Birthday month: no bonus (no live birthday rule)."
      : `Birthday month: ×${bonusDays.birthday_multiplier} (campaign #${bonusDays.birthday_campaign_id}).`,
  ];
  if (bonusDays.days.length === 0) lines.push("No holidays set.");
  else {
    lines.push("Holidays (Hong Kong dates):");
    for (const day of bonusDays.days)
      lines.push(`  ${day.date}  ×${day.multiplier}  campaign #${day.campaign_id}`);
  }
  lines.push("Change them in the console (Campaigns): a second operator activates each change.");
  return lines.join("\n");
}

const hongKongTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: PROGRAMME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  // h23, not hour12: false, which shows midnight as 24:00 in some locales' data.
  hourCycle: "h23",
});
export const showTime = (iso: string) => hongKongTime.format(new Date(iso)).replace(",", "");
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

function ledgerLine(entry: SchemeTransaction): string {
  if (entry.kind !== "purchase" && entry.kind !== "refund") {
    const expiry = entry.expires_at ? `, expires ${showTime(entry.expires_at)}` : "";
    const voucher = entry.voucher_code ? `, voucher ${entry.voucher_code}` : "";
    return `  ${showTime(entry.created_at)}  ${entry.kind.padEnd(12)}  ${signed(entry.coins).padStart(7)}  "${entry.reason}"${voucher}${expiry}  [${entry.actor_type} ${entry.actor}]`;
  }
  const bonuses = [
    entry.birthday_bonus !== 0 ? `birthday ${signed(entry.birthday_bonus)}` : "",
    entry.holiday_bonus !== 0 ? `holiday ${signed(entry.holiday_bonus)}` : "",
  ].filter(Boolean);
  const detail = [
    `net HKD ${entry.net_amount}`,
    `electronic HKD ${entry.electronic_amount}${entry.partner_store ? " (partner store)" : ""}`,
    `base ${signed(entry.base_coins)}`,
    ...bonuses,
  ].join(", ");
  const refundNo = entry.refund_no ? ` refund ${entry.refund_no}` : "";
  return `  ${showTime(entry.created_at)}  ${entry.kind.padEnd(12)}  ${signed(entry.coins).padStart(7)}  ${entry.store_code}/${entry.receipt_no}${refundNo}  ${detail}  [${entry.actor_type} ${entry.actor}]`;
}

/** A number's H Coins account: balance and ledger, newest first. */
export async function hcoinBalance(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(HCOIN_BALANCE_USAGE, ["prefix", "mobile"], () =>
    parseArgs({
      args,
      options: { limit: { type: "string", default: "20" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const { prefix, phone } = phoneArgument(positionals[0] as string, positionals[1] as string);
  const limit = Number(values.limit);
  if (!/^\d+$/.test(values.limit) || limit < 1 || limit > 500) {
    throw new CliError(`--limit "${values.limit}" must be a whole number from 1 to 500`);
  }
  const number = showPhone(prefix, phone);
  const account = await scheme(() => services.coinSchemeClient.findAccountByPhone(prefix, phone));
  if (!account) throw new CliError(`${number} has no H Coins account (hcoin-account-create opens one)`);
  const ledger = await scheme(() => services.coinSchemeClient.ledger(account.hcoins_memberno, { limit }));
  const link = account.linked
    ? `linked to member ${account.linked_member_ref} since ${showTime(account.linked_at as string)}`
    : "not linked";
  const lines = [
    `H Coins account ${account.hcoins_memberno} of ${number}, ${link}.`,
    `Balance: ${ledger.balance} H Coins.`,
  ];
  if (ledger.entries.length === 0) lines.push("No transactions yet.");
  else {
    lines.push(`Ledger, newest first (${ledger.entries.length} of ${ledger.total} shown, Hong Kong time):`);
    lines.push(...ledger.entries.map(ledgerLine));
  }
  return lines.join("\n");
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The H Coins commands, for cli/commands.ts. */
export const COIN_SCHEME_COMMANDS = {
  "hcoin-account-create": {
    usage: HCOIN_ACCOUNT_CREATE_USAGE,
    summary:
      "Open an unlinked H Coins account for a number: its member then meets hcoin-check-linked 100 and links it (link-hcoin-2).",
    run: hcoinAccountCreate,
  },
  "store-partner": {
    usage: STORE_PARTNER_USAGE,
    summary:
      "Flag a store (by its code) as a partner-property store (--on: electronic payment earns 1 extra H Coin per HKD) or not (--off), in the store list and the H Coins scheme at once. An unknown code is refused.",
    run: storePartner,
  },
  "store-partner-list": {
    usage: STORE_PARTNER_LIST_USAGE,
    summary: "List every store's partner flag in the store list beside the H Coins scheme's registry.",
    run: storePartnerList,
  },
  "stores-sync": {
    usage: STORES_SYNC_USAGE,
    summary:
      "Register every store with the H Coins scheme and correct flags and brands that differ (the server also does this at start).",
    run: storesSync,
  },
  "hcoin-adjust": {
    usage: HCOIN_ADJUST_USAGE,
    summary:
      "Credit (+N) or debit (-N) a number's H Coins with a member-facing reason code (goodwill, missedPurchase, purchaseCorrection, missedPromotion, returnedPurchase, serviceRecovery, systemError, other) and an internal note kept in the audit log, recorded with the operator (--by, default the login). A debit below zero is refused unless --allow-negative.",
    run: hcoinAdjust,
  },
  "hcoin-expiry-policy": {
    usage: HCOIN_EXPIRY_POLICY_USAGE,
    summary:
      "Show or set when coins expire: none, year-end (of the year after earning) or <N>-months. Applies to coins credited from then on.",
    run: hcoinExpiryPolicy,
  },
  "hcoin-expiry-dry-run": {
    usage: HCOIN_EXPIRY_DRY_RUN_USAGE,
    summary:
      "What the next daily expiry run (00:10 Hong Kong time), or the one after --at's day, would expire; changes nothing.",
    run: hcoinExpiryDryRun,
  },
  "hcoin-ledger-check": {
    usage: HCOIN_LEDGER_CHECK_USAGE,
    summary: "Prove every account's balance against its ledger; lists any that disagree (exit code 1).",
    run: hcoinLedgerCheck,
  },
  "holiday-list": {
    usage: HOLIDAY_LIST_USAGE,
    summary:
      "Show the birthday multiplier and every holiday: the programme rules' campaigns (changed in the console, a second operator activating each).",
    run: holidayList,
  },
  "hcoin-balance": {
    usage: HCOIN_BALANCE_USAGE,
    summary: "Show a number's H Coins account, balance and ledger (newest first, 20 entries unless --limit).",
    run: hcoinBalance,
  },
} as const;
