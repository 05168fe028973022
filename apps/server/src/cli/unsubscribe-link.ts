import { showMember } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { memberWithNumber, phoneCommandArgs } from "./command.ts";

export const UNSUBSCRIBE_LINK_USAGE = "unsubscribe-link <prefix> <mobile>";

/** Prints a member's unsubscribe link: the web app's preferences page with a signed token. */
export async function unsubscribeLink(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(UNSUBSCRIBE_LINK_USAGE, args);
  const member = await memberWithNumber(services, prefix, phone);
  const { url, validDays } = await services.subscriptions.unsubscribeLink(member.id);
  return `Unsubscribe link for ${showMember(member)}, valid ${validDays} days (nothing changed):\n${url}`;
}
