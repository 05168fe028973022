import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { SchemeDidNotErase } from "../modules/data-protection/service.ts";
import { showMember, showPhone } from "../modules/members/operator-text.ts";
import { MemberErasedMeanwhile } from "../modules/members/service.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { CliError } from "./command.ts";
import {
  MEMBER_ARGUMENT,
  memberFromArguments,
  parseMemberCommand,
  requiredReason,
} from "./member-argument.ts";

export const MEMBER_ERASE_USAGE = `member-erase ${MEMBER_ARGUMENT} --reason "why" [--yes]`;

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export async function memberErase(
  services: Services,
  args: string[],
  confirm: Confirm = confirmOnTerminal,
): Promise<string> {
  const { values, positionals } = parseMemberCommand(MEMBER_ERASE_USAGE, () =>
    parseArgs({
      args,
      options: { yes: { type: "boolean" }, reason: { type: "string" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const reason = requiredReason(values.reason, MEMBER_ERASE_USAGE);
  const member = await memberFromArguments(services, positionals, MEMBER_ERASE_USAGE);
  const phone = showPhone(member.mobile_phone_prefix, member.mobile_phone);
  if (!values.yes) {
    const question = `This deletes ${showMember(member)}: profile, preferences and their consent records, sessions (they are logged out) and the number's SMS code records, and forfeits their H Coins and anonymises their accounts (the ledger stays). It cannot be undone.`;
    if (!(await confirm(question))) throw new CliError("not confirmed; nothing was erased");
  }
  const { coins, removed } = await services.dataProtection
    .erase(member, cliActor(), reason)
    .catch((error: unknown) => {
      if (error instanceof MemberErasedMeanwhile)
        throw new CliError(`${showMember(member)} was erased meanwhile`);
      if (error instanceof SchemeDidNotErase) {
        throw new CliError(
          `the coin scheme at ${services.config.COIN_SCHEME_URL} did not erase (${error.message}); nothing was erased. Try again when the scheme is up.`,
        );
      }
      throw error;
    });

  const lines = [
    `Erased ${showMember(member)}: the member record is deleted; ${plural(removed.accessTokens, "access token")} (${removed.liveAccessTokens} live: those devices are logged out), ${plural(removed.consentRecords, "consent record")}, ${plural(removed.resetTokens, "reset token")}, ${plural(removed.smsCodes, "SMS code record")} and ${plural(removed.smsDeliveries, "SMS delivery record")} of ${phone} deleted.`,
  ];
  for (const account of coins.accounts) {
    lines.push(
      `H Coins account ${account.hcoins_memberno} anonymised: no number, no member; ${plural(account.forfeited, "coin")} forfeited; its ${plural(account.transactions, "transaction")} and balance of ${account.balance} stay in the ledger.`,
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
