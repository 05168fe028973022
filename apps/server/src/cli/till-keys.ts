import { parseArgs } from "node:util";
import { ErrorCode } from "@hcoins/domain/codes";
import { MAX_TILL_KEY_STORES } from "@hcoins/domain/till-key-rules";
import type { TillKey } from "@hcoins/domain/till-key-schema";
import { AppError, type FieldError } from "../errors.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { type AdminCommand, CliError, parseCommandArgs } from "./command.ts";

/*
 * Till keys from the command line, over the ProgrammeService the console uses: the same rules,
 * the same audit entries (actor cli:<user>), the key printed once.
 */

export const TILL_KEY_ADD_USAGE = "till-key-add <name> --stores A,B";
export const TILL_KEY_STORES_USAGE = "till-key-stores <id> --stores A,B";
export const TILL_KEY_LIST_USAGE = "till-key-list";
export const TILL_KEY_REVOKE_USAGE = "till-key-revoke <id>";

/** What each rule of the service's 4000 means on a command line. */
const RULES: Record<string, string> = {
  "name:required": "<name> is required",
  "name:tillKeyName": "<name> must be 1-64 letters, digits, . _ or - (no spaces)",
  "name:tillKeyNameTaken": "a live till key has this name: choose another, or till-key-revoke that one first",
  "stores:required": "--stores names at least one store code",
  "stores:storeCode": "--stores: each store code is 1-32 letters, digits, _ or -",
  "stores:tooMany": `--stores names at most ${MAX_TILL_KEY_STORES} stores`,
  "stores:unknownStore":
    "--stores names a store the coin scheme does not know (store-partner-list shows them; stores-sync registers this server's stores)",
  "id:revoked": "this till key is revoked already and cannot change",
};

/** The service's refusals as the operator's messages; nothing was changed. */
async function service<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.errorCode === ErrorCode.validation) {
      const errors = (error.details.errors ?? []) as FieldError[];
      const text = errors.map(({ field, rule }) => RULES[`${field}:${rule}`] ?? `${field}: ${rule}`);
      throw new CliError(`${text.join("; ")}; nothing changed`);
    }
    if (error.errorCode === ErrorCode.notFound)
      throw new CliError("no till key has this id (till-key-list shows them); nothing changed");
    if (error.errorCode === ErrorCode.serviceUnavailable)
      throw new CliError("the H Coins scheme could not be reached; nothing changed, try again");
    throw error;
  }
}

const storesFlag = (text: string | undefined, usage: string) => {
  if (text === undefined) throw new CliError(`--stores is required\nUsage: ${usage}`, 2);
  return text.split(",");
};

function idArgument(text: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0)
    throw new CliError(`"${text}" is not a till key id (till-key-list shows them)`);
  return Number(text);
}

const time = (iso: string | null, none: string) => (iso === null ? none : iso.slice(0, 16).replace("T", " "));

const describe = (key: TillKey) =>
  [
    key.id,
    key.name,
    key.stores.join(","),
    key.revoked_at === null ? "live" : `revoked ${time(key.revoked_at, "")} UTC by ${key.revoked_by}`,
    `made ${time(key.created_at, "")} UTC by ${key.created_by}`,
    key.last_used_at === null ? "never used" : `last used ${time(key.last_used_at, "")} UTC`,
  ].join("\t");

export async function tillKeyAdd(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(TILL_KEY_ADD_USAGE, ["name"], () =>
    parseArgs({ args, options: { stores: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  const stores = storesFlag(values.stores, TILL_KEY_ADD_USAGE);
  const { key, till_key: made } = await service(() =>
    services.programme.createTillKey({ name: positionals[0] as string, stores }, cliActor()),
  );
  return [
    `Added till key ${made.id} "${made.name}" for ${made.stores.join(", ")}.`,
    "The key (shown this once; give it to the till privately; a lost key is revoked and made again):",
    key,
  ].join("\n");
}

export async function tillKeyStores(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(TILL_KEY_STORES_USAGE, ["id"], () =>
    parseArgs({ args, options: { stores: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  const id = idArgument(positionals[0] as string);
  const stores = storesFlag(values.stores, TILL_KEY_STORES_USAGE);
  const after = await service(() => services.programme.setTillKeyStores(id, stores, cliActor()));
  return `Till key ${after.id} "${after.name}" now earns at ${after.stores.join(", ")} (from its next call).`;
}

export async function tillKeyList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(TILL_KEY_LIST_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const keys = await service(() => services.programme.tillKeys());
  if (keys.length === 0)
    return "No till keys made yet (till-key-add makes one; COIN_SCHEME_API_KEYS ones are not listed).";
  return keys.map(describe).join("\n");
}

export async function tillKeyRevoke(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(TILL_KEY_REVOKE_USAGE, ["id"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const id = idArgument(positionals[0] as string);
  const revoked = await service(() => services.programme.revokeTillKey(id, cliActor()));
  return `Revoked till key ${revoked.id} "${revoked.name}": the coin scheme refuses it from its next call.`;
}

export const TILL_KEY_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "till-key-add": {
    usage: TILL_KEY_ADD_USAGE,
    summary:
      "Make a till key bound to stores of the coin scheme's registry and print it once (the scheme keeps only its hash); <name> is how the ledger names the till. Writes one audit entry (never the key).",
    run: tillKeyAdd,
  },
  "till-key-stores": {
    usage: TILL_KEY_STORES_USAGE,
    summary: "Bind a till key to other stores, from its next call; writes one audit entry.",
    run: tillKeyStores,
  },
  "till-key-list": {
    usage: TILL_KEY_LIST_USAGE,
    summary:
      "List the till keys made in the console or here (id, name, stores, state, made, last used); never the key. Keys of COIN_SCHEME_API_KEYS are configuration and not listed.",
    run: tillKeyList,
  },
  "till-key-revoke": {
    usage: TILL_KEY_REVOKE_USAGE,
    summary: "Revoke a till key: the coin scheme refuses it from its next call. Writes one audit entry.",
    run: tillKeyRevoke,
  },
};
