import { parseArgs } from "node:util";
import { ErrorCode } from "@hcoins/domain/codes";
import { showMember } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { memberWithNumber, parseCommandArgs, phoneArgument } from "./command.ts";

export const DISABLE_USAGE = "disable <prefix> <mobile> [--reason <text>]";
export const ENABLE_USAGE = "enable <prefix> <mobile> [--reason <text>]";

/** The number and the optional reason (kept in the audit log) of disable / enable. */
async function accountArgs(services: Services, usage: string, args: string[]) {
  const { positionals, values } = parseCommandArgs(usage, ["prefix", "mobile"], () =>
    parseArgs({ args, options: { reason: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  const { prefix, phone } = phoneArgument(positionals[0] as string, positionals[1] as string);
  const reason = values.reason?.trim() || null;
  return { member: await memberWithNumber(services, prefix, phone), reason };
}

/** Disables an account: login answers 4202 and every access token it holds is revoked. */
export async function disableAccount(services: Services, args: string[]): Promise<string> {
  const { member, reason } = await accountArgs(services, DISABLE_USAGE, args);
  await services.memberSupport.setDisabled(member.id, true, reason, cliActor());
  if (member.disabled) {
    return `${capitalise(showMember(member))} was already disabled; revoked any access token left.`;
  }
  return `Disabled ${showMember(member)}: login now answers ${ErrorCode.accountDisabled}, and every access token they held is revoked.`;
}

export async function enableAccount(services: Services, args: string[]): Promise<string> {
  const { member, reason } = await accountArgs(services, ENABLE_USAGE, args);
  if (!member.disabled) return `${capitalise(showMember(member))} is not disabled; nothing changed.`;
  await services.memberSupport.setDisabled(member.id, false, reason, cliActor());
  return `Enabled ${showMember(member)}: they can log in again.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
