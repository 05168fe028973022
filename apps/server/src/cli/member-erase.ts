import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import type { Holder, HolderAnonymiseResult } from "@hcoins/coin-scheme/holders";
import type { Kysely } from "kysely";
import type { Database, MemberRow } from "../db/schema.ts";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "../modules/coins/coin-scheme-client.ts";
import { memberRefOf } from "../modules/coins/service.ts";
import type { Services } from "../services.ts";
import { CliError, showMember, showPhone } from "./command.ts";
import { MEMBER_ARGUMENT, memberFromArguments, parseMemberCommand } from "./member-argument.ts";

export const MEMBER_ERASE_USAGE = `member-erase ${MEMBER_ARGUMENT} [--yes]`;

/** Asks the operator; true to go ahead. */
export type Confirm = (question: string) => Promise<boolean>;

/** Asks on the terminal (stderr, so that stdout keeps only the result); without one, --yes is required. */
export const confirmOnTerminal: Confirm = async (question) => {
  if (!process.stdin.isTTY) {
    throw new CliError("member-erase asks for confirmation: run it in a terminal, or add --yes", 2);
  }
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await terminal.question(`${question}\nType yes to erase: `)).trim().toLowerCase() === "yes";
  } finally {
    terminal.close();
  }
};

interface MemberRowsRemoved {
  accessTokens: number;
  liveAccessTokens: number;
  resetTokens: number;
  smsCodes: number;
}

/**
 * The member server's part, in the caller's transaction: the member row and everything
 * keyed by it or by their number. Deleting the access tokens logs every device out (a
 * token without its row is unknown). The block of a number, if any, is the operator's
 * record about the number and is kept (`unblock` lifts it).
 */
async function removeMemberRows(
  trx: Kysely<Database>,
  member: MemberRow,
  now: number,
): Promise<MemberRowsRemoved> {
  const tokens = await trx
    .deleteFrom("access_tokens")
    .where("member_id", "=", member.id)
    .returning(["revoked_at", "expires_at"])
    .execute();
  const resets = await trx.deleteFrom("reset_tokens").where("member_id", "=", member.id).executeTakeFirst();
  const codes = await trx
    .deleteFrom("sms_codes")
    .where("mobile_phone_prefix", "=", member.mobile_phone_prefix)
    .where("mobile_phone", "=", member.mobile_phone)
    .executeTakeFirst();
  const removed = await trx.deleteFrom("members").where("id", "=", member.id).executeTakeFirst();
  // Erased meanwhile by another run: roll back and say so rather than report work not done.
  if (Number(removed.numDeletedRows) !== 1) throw new CliError(`${showMember(member)} was erased meanwhile`);
  return {
    accessTokens: tokens.length,
    liveAccessTokens: tokens.filter((token) => token.revoked_at === null && token.expires_at > now).length,
    resetTokens: Number(resets.numDeletedRows),
    smsCodes: Number(codes.numDeletedRows),
  };
}

/**
 * Embedded scheme: its tables are in the same database, so the accounts are anonymised in
 * the member's transaction and the whole erasure happens or none of it. External scheme:
 * it is asked first (its erase is idempotent); when it cannot answer, nothing is erased, and
 * when the member server's part then fails, running the command again completes it.
 */
async function erase(services: Services, member: MemberRow, holder: Holder) {
  const now = services.now();
  const scheme = services.coinSchemeClient;
  if (scheme.kind === "embedded") {
    return services.database.transaction(async (trx) => {
      const coins = await scheme.inTransaction(trx).eraseHolder(holder);
      return { coins, removed: await removeMemberRows(trx.tables<Database>(), member, now) };
    });
  }
  let coins: HolderAnonymiseResult;
  try {
    coins = await scheme.eraseHolder(holder);
  } catch (error) {
    if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
      throw new CliError(
        `the coin scheme at ${services.config.COIN_SCHEME_URL} did not erase (${error.message}); nothing was erased. Try again when the scheme is up.`,
      );
    }
    throw error;
  }
  const removed = await services.db.transaction().execute((trx) => removeMemberRows(trx, member, now));
  return { coins, removed };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export async function memberErase(
  services: Services,
  args: string[],
  confirm: Confirm = confirmOnTerminal,
): Promise<string> {
  const { values, positionals } = parseMemberCommand(MEMBER_ERASE_USAGE, () =>
    parseArgs({ args, options: { yes: { type: "boolean" } }, allowPositionals: true, strict: true }),
  );
  const member = await memberFromArguments(services, positionals, MEMBER_ERASE_USAGE);
  const phone = showPhone(member.mobile_phone_prefix, member.mobile_phone);
  const holder = {
    memberRef: memberRefOf(member),
    prefix: member.mobile_phone_prefix,
    phone: member.mobile_phone,
  };
  if (!values.yes) {
    const question = `This deletes ${showMember(member)}: profile, preferences, sessions (they are logged out) and the number's SMS code records, and anonymises their H Coins accounts (the ledger stays). It cannot be undone.`;
    if (!(await confirm(question))) throw new CliError("not confirmed; nothing was erased");
  }
  const { coins, removed } = await erase(services, member, holder);

  const lines = [
    `Erased ${showMember(member)}: the member record is deleted; ${plural(removed.accessTokens, "access token")} (${removed.liveAccessTokens} live: those devices are logged out), ${plural(removed.resetTokens, "reset token")} and ${plural(removed.smsCodes, "SMS code record")} of ${phone} deleted.`,
  ];
  for (const account of coins.accounts) {
    lines.push(
      `H Coins account ${account.hcoins_memberno} anonymised: no number, no member; its ${plural(account.transactions, "transaction")} and balance of ${account.balance} stay in the ledger.`,
    );
  }
  if (coins.accounts.length === 0)
    lines.push("No H Coins account was linked to the member or held by the number.");
  if (await services.members.isBlocked(member.mobile_phone_prefix, member.mobile_phone)) {
    lines.push(`${phone} stays blocked (the operator's record about the number); \`unblock\` lifts it.`);
  } else {
    lines.push(`${phone} may register again as a new member.`);
  }
  return lines.join("\n");
}
