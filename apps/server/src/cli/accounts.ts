import { ErrorCode } from "@hcoins/domain/codes";
import { showMember } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { memberWithNumber, phoneCommandArgs } from "./command.ts";

export const DISABLE_USAGE = "disable <prefix> <mobile>";
export const ENABLE_USAGE = "enable <prefix> <mobile>";

/** Disables an account: login answers 4202 and every access token it holds is revoked. */
export async function disableAccount(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(DISABLE_USAGE, args);
  const member = await memberWithNumber(services, prefix, phone);
  await services.members.setDisabled(member.id, true);
  if (member.disabled) {
    return `${capitalise(showMember(member))} was already disabled; revoked any access token left.`;
  }
  return `Disabled ${showMember(member)}: login now answers ${ErrorCode.accountDisabled}, and every access token they held is revoked.`;
}

export async function enableAccount(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(ENABLE_USAGE, args);
  const member = await memberWithNumber(services, prefix, phone);
  if (!member.disabled) return `${capitalise(showMember(member))} is not disabled; nothing changed.`;
  await services.members.setDisabled(member.id, false);
  return `Enabled ${showMember(member)}: they can log in again.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
