import { type ParseArgsConfig, parseArgs } from "node:util";
import type { SchemeReward, SchemeVoucher } from "@hcoins/coin-scheme/contract";
import { parseAmountCents } from "@hcoins/domain/earn-rules";
import { REWARD_LIMITS } from "@hcoins/domain/reward-rules";
import type { RewardInput } from "../modules/coins/coin-scheme-client.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { operatorOf, programme, scheme, showTime } from "./coin-scheme.ts";
import { CliError, parseCommandArgs } from "./command.ts";
import { parseTimeArgument } from "./content.ts";

/*
 * The rewards catalogue and vouchers from the command line, for scripting beside the console:
 * catalogue changes go through ProgrammeService as the console's do (one audit entry each, actor
 * cli:<login>), reads and vouchers through the same scheme client as the member server, so they
 * act on whichever scheme it uses. Texts are given per language (--title-en, --title-tc,
 * --title-sc); times are Hong Kong time unless they carry a zone.
 */

const REWARD_FLAGS =
  "[--kind evoucher|product] [--coins N] [--value HKD|none] [--stores A,B|all] [--title-en t] [--title-tc t] [--title-sc t] [--description-en t] [--description-tc t] [--description-sc t] [--terms-en t] [--terms-tc t] [--terms-sc t] [--image url|none] [--starts time|none] [--ends time|none] [--limit N|none] [--low-stock N|none] [--valid-days N] [--active|--inactive] [--sort N]";
export const REWARD_ADD_USAGE = `reward-add --kind evoucher|product --coins N --stock N --title-en t --title-tc t --title-sc t ${REWARD_FLAGS}`;
export const REWARD_EDIT_USAGE = `reward-edit <id> ${REWARD_FLAGS}`;
export const REWARD_LIST_USAGE = "reward-list [--active-only]";
export const REWARD_STOCK_USAGE = "reward-stock <id> <+N|-N>";
export const VOUCHER_SHOW_USAGE = "voucher-show <code>";
export const VOUCHER_CANCEL_USAGE = "voucher-cancel <code> --reason <text> [--operator <name>]";

const LANGUAGES = ["en", "tc", "sc"] as const;
const TEXTS = ["title", "description", "terms"] as const;
const TEXT_MAX = { title: 200, description: 4000, terms: 8000 } as const;
const DEFAULT_VALID_DAYS = 30;

const rewardOptions = {
  kind: { type: "string" },
  coins: { type: "string" },
  stock: { type: "string" },
  value: { type: "string" },
  stores: { type: "string" },
  image: { type: "string" },
  starts: { type: "string" },
  ends: { type: "string" },
  limit: { type: "string" },
  "low-stock": { type: "string" },
  "valid-days": { type: "string" },
  active: { type: "boolean" },
  inactive: { type: "boolean" },
  sort: { type: "string" },
  ...Object.fromEntries(
    TEXTS.flatMap((text) => LANGUAGES.map((language) => [`${text}-${language}`, { type: "string" }])),
  ),
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

type RewardFlags = Record<string, string | boolean | undefined>;

function count(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d{1,8}$/.test(value.trim()) || number < min || number > max)
    throw new CliError(`--${name} "${value}" must be a whole number from ${min} to ${max}`);
  return number;
}

/** The reward the flags describe: `base` (the reward being edited) for every flag not given. */
function rewardInput(flags: RewardFlags, base: RewardInput): RewardInput {
  const text = (name: string) => flags[name] as string | undefined;
  const input: RewardInput = {
    ...base,
    title: { ...base.title },
    description: { ...base.description },
    terms: { ...base.terms },
  };
  const kind = text("kind");
  if (kind !== undefined) {
    if (kind !== "evoucher" && kind !== "product")
      throw new CliError(`--kind "${kind}" must be evoucher or product`);
    input.kind = kind;
    if (kind === "product") input.valueCents = null;
  }
  if (text("coins") !== undefined)
    input.coins = count("coins", text("coins") as string, 1, REWARD_LIMITS.coins);
  if (text("stock") !== undefined)
    input.stock = count("stock", text("stock") as string, 0, REWARD_LIMITS.stock);
  const value = text("value");
  if (value !== undefined) {
    if (value.trim().toLowerCase() === "none") input.valueCents = null;
    else {
      const parsed = parseAmountCents(value);
      if ("rule" in parsed || parsed.cents === 0)
        throw new CliError(`--value "${value}" must be an amount in HKD, e.g. 100 or 50.50`);
      input.valueCents = parsed.cents;
    }
  }
  const stores = text("stores");
  if (stores !== undefined) {
    const codes =
      stores.trim().toLowerCase() === "all"
        ? []
        : stores
            .split(",")
            .map((code) => code.trim())
            .filter(Boolean);
    const bad = codes.find((code) => !/^[A-Za-z0-9_-]{1,32}$/.test(code));
    if (bad !== undefined)
      throw new CliError(`--stores: "${bad}" is not a store code (1-32 letters, digits, _ or -)`);
    input.storeCodes = codes;
  }
  for (const field of TEXTS) {
    for (const language of LANGUAGES) {
      const given = text(`${field}-${language}`);
      if (given === undefined) continue;
      if (given.length > TEXT_MAX[field])
        throw new CliError(`--${field}-${language} must be at most ${TEXT_MAX[field]} characters`);
      input[field][language] = given.trim();
    }
  }
  const image = text("image");
  if (image !== undefined) {
    const url = image.trim();
    if (url.toLowerCase() === "none" || url === "") input.imageUrl = null;
    else if (!/^(https:\/\/\S+|\/(?!\/)\S*)$/.test(url) || url.length > 500)
      throw new CliError(
        `--image "${image}" must be an https address or a site path (/crm/media/…), or none`,
      );
    else input.imageUrl = url;
  }
  if (text("starts") !== undefined) input.startsAt = parseTimeArgument("starts", text("starts") as string);
  if (text("ends") !== undefined) input.endsAt = parseTimeArgument("ends", text("ends") as string);
  const limit = text("limit");
  if (limit !== undefined)
    input.perMemberLimit =
      limit.trim().toLowerCase() === "none" ? null : count("limit", limit, 1, REWARD_LIMITS.stock);
  const lowStock = text("low-stock");
  if (lowStock !== undefined)
    input.lowStockThreshold =
      lowStock.trim().toLowerCase() === "none" ? null : count("low-stock", lowStock, 1, REWARD_LIMITS.stock);
  if (text("valid-days") !== undefined)
    input.voucherValidDays = count("valid-days", text("valid-days") as string, 1, REWARD_LIMITS.validDays);
  if (flags.active && flags.inactive) throw new CliError("give at most one of --active and --inactive");
  if (flags.active) input.active = true;
  if (flags.inactive) input.active = false;
  const sort = text("sort");
  if (sort !== undefined) {
    if (!/^-?\d{1,7}$/.test(sort.trim())) throw new CliError(`--sort "${sort}" must be a whole number`);
    input.sortOrder = Number(sort);
  }
  // The rules that tie flags together, said here in the operator's terms before the scheme says them in its own.
  if (input.kind === "evoucher" && input.valueCents === null)
    throw new CliError("an e-gift voucher (--kind evoucher) needs --value, its face value in HKD");
  if (input.kind === "product" && input.valueCents !== null)
    throw new CliError("a product has no face value: leave out --value (or give --value none)");
  const missing = LANGUAGES.filter((language) => input.title[language] === "");
  if (missing.length > 0)
    throw new CliError(
      `the title is needed in every language: give ${missing.map((language) => `--title-${language}`).join(", ")}`,
    );
  if (input.startsAt !== null && input.endsAt !== null && input.endsAt <= input.startsAt)
    throw new CliError("--ends must be after --starts");
  return input;
}

const parseReward = (usage: string, positionals: string[], args: string[]) =>
  parseCommandArgs(usage, positionals, () =>
    parseArgs({ args, options: rewardOptions, allowPositionals: true, strict: true }),
  );

const empty = () => ({ en: "", tc: "", sc: "" });

/** Adds a reward to the catalogue with its first stock. */
export async function rewardAdd(services: Services, args: string[]): Promise<string> {
  const { values } = parseReward(REWARD_ADD_USAGE, [], args);
  for (const required of ["kind", "coins", "stock"] as const) {
    if (values[required] === undefined)
      throw new CliError(`--${required} is required\nUsage: ${REWARD_ADD_USAGE}`, 2);
  }
  const input = rewardInput(values, {
    kind: "evoucher",
    coins: 1,
    valueCents: null,
    storeCodes: [],
    title: empty(),
    description: empty(),
    terms: empty(),
    imageUrl: null,
    startsAt: null,
    endsAt: null,
    perMemberLimit: null,
    lowStockThreshold: null,
    voucherValidDays: DEFAULT_VALID_DAYS,
    active: true,
    sortOrder: 0,
  });
  const reward = await programme(() => services.programme.createReward(input, cliActor()));
  return `Added reward ${reward.id}.\n${rewardLines(reward).join("\n")}`;
}

/** Changes the flags given of a reward; the others stay as they are. The stock moves with reward-stock. */
export async function rewardEdit(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseReward(REWARD_EDIT_USAGE, ["id"], args);
  const id = rewardId(positionals[0] as string);
  if (values.stock !== undefined)
    throw new CliError(`reward-edit does not set the stock: use ${REWARD_STOCK_USAGE}`);
  if (Object.values(values).every((value) => value === undefined))
    throw new CliError(`give at least one field to change\nUsage: ${REWARD_EDIT_USAGE}`, 2);
  const missing = `reward ${id} does not exist (reward-list lists them)`;
  const base = await programme(() => services.programme.rewardInput(id), missing);
  const input = rewardInput(values, base);
  const saved = await programme(() => services.programme.editReward(id, input, cliActor()), missing);
  return `Changed reward ${id}.\n${rewardLines(saved).join("\n")}`;
}

export async function rewardList(services: Services, args: string[]): Promise<string> {
  const { values } = parseCommandArgs(REWARD_LIST_USAGE, [], () =>
    parseArgs({
      args,
      options: { "active-only": { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const { rewards } = await scheme(() =>
    services.coinSchemeClient.rewards({ activeOnly: values["active-only"] }),
  );
  if (rewards.length === 0)
    return values["active-only"]
      ? "No reward can be redeemed now."
      : "The catalogue is empty (reward-add adds one).";
  return rewards.map((reward) => rewardLines(reward).join("\n")).join("\n");
}

/** Adds (+N) or removes (-N) units; never below zero. */
export async function rewardStock(services: Services, args: string[]): Promise<string> {
  // -5 would read as an option: numbers that start with - go after "--", as positionals.
  const negative = (arg: string) => /^-\d/.test(arg);
  const { positionals } = parseCommandArgs(REWARD_STOCK_USAGE, ["id", "change"], () =>
    parseArgs({
      args: [...args.filter((arg) => !negative(arg)), "--", ...args.filter(negative)],
      options: {},
      allowPositionals: true,
      strict: true,
    }),
  );
  const id = rewardId(positionals[0] as string);
  const text = positionals[1] as string;
  const change = Number(text);
  if (!/^[+-]\d{1,7}$/.test(text) || change === 0)
    throw new CliError(`change "${text}" must be +N (adds units) or -N (removes them), N not 0`);
  const missing = `reward ${id} does not exist (reward-list lists them)`;
  const before = await programme(() => services.programme.oneReward(id), missing);
  const refused = `reward ${id} has ${before.stock} in stock: cannot remove ${-change}; nothing changed`;
  if (before.stock + change < 0) throw new CliError(refused);
  // A redemption between the read and the change may still take the stock below: refused the same way.
  const reward = await programme(() => services.programme.changeStock(id, change, cliActor()), missing).catch(
    (error: unknown) => {
      throw error instanceof CliError && error.message.includes("stockNegative")
        ? new CliError(refused)
        : error;
    },
  );
  return `Reward ${id}: stock ${before.stock} → ${reward.stock}.`;
}

export async function voucherShow(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(VOUCHER_SHOW_USAGE, ["code"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const { voucher } = await scheme(() => services.coinSchemeClient.voucher(positionals[0] as string));
  return voucherLines(voucher).join("\n");
}

/** Cancels an issued (or expired) voucher: its coins back to the member, its unit back in stock. */
export async function voucherCancel(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(VOUCHER_CANCEL_USAGE, ["code"], () =>
    parseArgs({
      args,
      options: { reason: { type: "string" }, operator: { type: "string" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const reason = values.reason?.trim();
  if (!reason)
    throw new CliError(
      `--reason is required: say why, it is kept on the voucher and the entry\nUsage: ${VOUCHER_CANCEL_USAGE}`,
      2,
    );
  if (reason.length > 500) throw new CliError("--reason must be at most 500 characters");
  const operator = operatorOf(values.operator);
  const result = await scheme(() =>
    services.coinSchemeClient.cancelVoucher(positionals[0] as string, operator, reason),
  );
  // The console's cancel (member-support) records the same action from the member's page.
  await services.audit.record({
    ...cliActor(),
    action: "voucher.cancel",
    target: `voucher:${result.voucher.code}`,
    before: { status: "issued", balance: result.balance - result.transaction.coins },
    after: {
      status: result.voucher.status,
      balance: result.balance,
      reason,
      transaction_id: result.transaction.id,
    },
  });
  return [
    `Cancelled voucher ${result.voucher.code}: ${result.transaction.coins} H Coins back to ${result.voucher.hcoins_memberno} (balance ${result.balance}), 1 unit back in stock of reward ${result.voucher.reward_id}.`,
    ...voucherLines(result.voucher),
  ].join("\n");
}

function rewardId(text: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new CliError(`reward id "${text}" must be a whole number from 1`);
  return Number(text);
}

function rewardLines(reward: SchemeReward): string[] {
  const what = reward.kind === "evoucher" ? `e-gift voucher HKD ${reward.value_amount}` : "product";
  const window = `${reward.starts_at ? showTime(reward.starts_at) : "open"} – ${reward.ends_at ? showTime(reward.ends_at) : "open"}`;
  return [
    `  #${reward.id}  ${reward.active ? "active  " : "inactive"}  ${reward.title.en} / ${reward.title.tc}  (${what})`,
    `      ${reward.coins} H Coins, ${reward.stock} in stock, ${reward.per_member_limit === null ? "no limit per member" : `at most ${reward.per_member_limit} per member`}, vouchers valid ${reward.voucher_valid_days} days, ${reward.low_stock_threshold === null ? "no low-stock alert" : `low stock at ${reward.low_stock_threshold} or fewer${reward.stock_level === "low" ? " (low now)" : ""}`}`,
    `      stores: ${reward.store_codes.length === 0 ? "all" : reward.store_codes.join(", ")}; window ${window} (Hong Kong time); sort ${reward.sort_order}`,
  ];
}

function voucherLines(voucher: SchemeVoucher): string[] {
  const what = voucher.kind === "evoucher" ? `e-gift voucher HKD ${voucher.value_amount}` : "product";
  const lines = [
    `Voucher ${voucher.code}: ${voucher.status}. Reward ${voucher.reward_id} "${voucher.title.en}" (${what}), ${voucher.coins} H Coins, account ${voucher.hcoins_memberno}.`,
    `Issued ${showTime(voucher.issued_at)}, valid until ${showTime(voucher.valid_until)} (Hong Kong time); stores: ${voucher.store_codes.length === 0 ? "all" : voucher.store_codes.join(", ")}.`,
  ];
  if (voucher.used_at)
    lines.push(
      `Used ${showTime(voucher.used_at)} at ${voucher.used_store_code}${voucher.used_receipt_no ? `, receipt ${voucher.used_receipt_no}` : ""}.`,
    );
  if (voucher.cancelled_at)
    lines.push(`Cancelled ${showTime(voucher.cancelled_at)}: "${voucher.cancel_reason}".`);
  return lines;
}

/** The rewards and vouchers commands, for cli/commands.ts. */
export const REWARD_COMMANDS = {
  "reward-add": {
    usage: REWARD_ADD_USAGE,
    summary:
      "Add a reward to the H Coins catalogue: an e-gift voucher (--value HKD, at --stores or all) or a product, its price in coins, first stock, texts in en/tc/sc, redemption window (Hong Kong time), limit per member and voucher validity (default 30 days).",
    run: rewardAdd,
  },
  "reward-edit": {
    usage: REWARD_EDIT_USAGE,
    summary:
      "Change a reward: only the flags given change (the stock moves with reward-stock). Vouchers issued keep their value and stores.",
    run: rewardEdit,
  },
  "reward-list": {
    usage: REWARD_LIST_USAGE,
    summary:
      "List the catalogue in its order (--active-only: what members may redeem now), with price, stock and window.",
    run: rewardList,
  },
  "reward-stock": {
    usage: REWARD_STOCK_USAGE,
    summary: "Add (+N) or remove (-N) units of a reward; the stock never goes below zero.",
    run: rewardStock,
  },
  "voucher-show": {
    usage: VOUCHER_SHOW_USAGE,
    summary:
      "Show a voucher by its code (case, spaces and hyphens do not matter): its reward, member, status and use.",
    run: voucherShow,
  },
  "voucher-cancel": {
    usage: VOUCHER_CANCEL_USAGE,
    summary:
      "Cancel an issued or expired voucher with a reason, recorded with the operator (--operator, default the login): its coins go back to the member and its unit back in stock. A used voucher cannot be cancelled.",
    run: voucherCancel,
  },
};
