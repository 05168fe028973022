import { parseArgs } from "node:util";
import type { SchemeTransaction } from "@hcoins/coin-scheme/api-schemas";
import { CoinStatus } from "@hcoins/domain/codes";
import {
  formatMultiplier,
  isCalendarDate,
  multiplierHundredths,
  PROGRAMME_TIME_ZONE,
} from "@hcoins/domain/earn-rules";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "../modules/coins/coin-scheme-client.ts";
import { showMember, showPhone } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs, phoneArgument, phoneCommandArgs } from "./command.ts";

/*
 * Operator commands for the H Coins scheme. They go through the same client as the
 * member server (the embedded scheme on DATABASE_URL, or the scheme at COIN_SCHEME_URL
 * with COIN_SCHEME_API_KEY), so they act on whichever scheme the server uses.
 */

export const HCOIN_ACCOUNT_CREATE_USAGE = "hcoin-account-create <prefix> <mobile>";
export const STORE_PARTNER_USAGE = "store-partner <store_code> --on|--off";
export const HOLIDAY_SET_USAGE = "holiday-set <YYYY-MM-DD> <multiplier>";
export const HOLIDAY_REMOVE_USAGE = "holiday-remove <YYYY-MM-DD>";
export const HOLIDAY_LIST_USAGE = "holiday-list";
export const HCOIN_BALANCE_USAGE = "hcoin-balance <prefix> <mobile> [--limit n]";

const STORE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Runs a scheme call; its failures become CliErrors that say nothing changed. */
async function scheme<T>(action: () => Promise<T>): Promise<T> {
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
  const result = await scheme(() => services.coinSchemeClient.setPartnerStore(code, values.on));
  const state = values.on
    ? "a partner-property store: each whole HKD paid electronically there earns 1 extra H Coin"
    : "not a partner-property store: electronic payment there earns nothing extra";
  return result.changed
    ? `Store ${code} is now ${state}.`
    : `Store ${code} was already ${state}; nothing changed.`;
}

function dateArgument(text: string): string {
  if (!isCalendarDate(text)) throw new CliError(`date "${text}" is not a calendar date written YYYY-MM-DD`);
  return text;
}

export async function holidaySet(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(HOLIDAY_SET_USAGE, ["date", "multiplier"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const date = dateArgument(positionals[0] as string);
  const multiplier = multiplierHundredths(positionals[1]);
  if (multiplier === null) {
    throw new CliError(
      `multiplier "${positionals[1]}" must be 1 to 10 with at most two decimals (e.g. 2 or 1.5)`,
    );
  }
  const result = await scheme(() => services.coinSchemeClient.setBonusDay(date, multiplier));
  const bonus = formatMultiplier(multiplier - 100);
  const was =
    result.previous === null
      ? ""
      : result.previous === result.multiplier
        ? " (unchanged)"
        : ` (was ×${result.previous})`;
  return `Holiday ${date} (Hong Kong date): purchases earn ×${result.multiplier}${was}, a bonus of ${bonus} × the base coins.`;
}

export async function holidayRemove(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(HOLIDAY_REMOVE_USAGE, ["date"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const date = dateArgument(positionals[0] as string);
  const result = await scheme(() => services.coinSchemeClient.removeBonusDay(date));
  const lines = [
    result.removed ? `Removed the holiday ${date}.` : `${date} was not set as a holiday; nothing changed.`,
  ];
  if (result.configured_multiplier !== null) {
    lines.push(
      `Note: COIN_HOLIDAYS still makes ${date} a ×${result.configured_multiplier} holiday; set it to 1 with holiday-set to switch it off.`,
    );
  }
  return lines.join("\n");
}

export async function holidayList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(HOLIDAY_LIST_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const { birthday_multiplier, days } = await scheme(() => services.coinSchemeClient.bonusDays());
  const lines = [`Birthday month: ×${birthday_multiplier} (COIN_BIRTHDAY_MULTIPLIER).`];
  if (days.length === 0) lines.push("No holidays set.");
  else {
    lines.push("Holidays (Hong Kong dates):");
    for (const day of days) {
      lines.push(
        `  ${day.date}  ×${day.multiplier}  ${day.source === "operator" ? "set by an operator" : "COIN_HOLIDAYS"}`,
      );
    }
  }
  return lines.join("\n");
}

const hongKongTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: PROGRAMME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const showTime = (iso: string) => hongKongTime.format(new Date(iso)).replace(",", "");
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

function ledgerLine(entry: SchemeTransaction): string {
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
  return `  ${showTime(entry.created_at)}  ${entry.kind.padEnd(8)}  ${signed(entry.coins).padStart(7)}  ${entry.store_code}/${entry.receipt_no}  ${detail}  [${entry.client}]`;
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
  const ledger = await scheme(() => services.coinSchemeClient.ledger(account.hcoins_memberno, limit));
  const link = account.linked
    ? `linked to member ${account.linked_member_ref} since ${showTime(account.linked_at as string)}`
    : "not linked";
  const lines = [
    `H Coins account ${account.hcoins_memberno} of ${number}, ${link}.`,
    `Balance: ${ledger.balance} H Coins.`,
  ];
  if (ledger.entries.length === 0) lines.push("No transactions yet.");
  else {
    lines.push(`Ledger, newest first (${ledger.entries.length} shown, Hong Kong time):`);
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
      "Flag a store (by its till store code) as a partner-property store (--on: electronic payment earns 1 extra H Coin per HKD) or not (--off).",
    run: storePartner,
  },
  "holiday-set": {
    usage: HOLIDAY_SET_USAGE,
    summary:
      "Make a Hong Kong date a holiday: purchases earn base × (multiplier − 1) extra coins (1 to 10, e.g. 2 or 1.5). Overrides COIN_HOLIDAYS for that date.",
    run: holidaySet,
  },
  "holiday-remove": {
    usage: HOLIDAY_REMOVE_USAGE,
    summary: "Remove a holiday set with holiday-set.",
    run: holidayRemove,
  },
  "holiday-list": {
    usage: HOLIDAY_LIST_USAGE,
    summary: "Show the birthday multiplier and every holiday, from operators and COIN_HOLIDAYS.",
    run: holidayList,
  },
  "hcoin-balance": {
    usage: HCOIN_BALANCE_USAGE,
    summary: "Show a number's H Coins account, balance and ledger (newest first, 20 entries unless --limit).",
    run: hcoinBalance,
  },
} as const;
