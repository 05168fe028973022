import type { Services } from "../services.ts";
import { memberWithNumber, phoneCommandArgs, showMember } from "./command.ts";

export const UNSUBSCRIBE_LINK_USAGE = "unsubscribe-link <prefix> <mobile>";

/** Prints a member's unsubscribe link: the web app's preferences page with a signed token. */
export async function unsubscribeLink(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(UNSUBSCRIBE_LINK_USAGE, args);
  const member = await memberWithNumber(services, prefix, phone);
  const token = await services.subscriptions.issueLinkToken(member.id);
  const { PUBLIC_URL, PORT, UNSUBSCRIBE_LINK_TTL_DAYS } = services.config;
  const base = (PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "");
  const url = `${base}/subscription-preferences?token=${encodeURIComponent(token)}`;
  return `Unsubscribe link for ${showMember(member)}, valid ${UNSUBSCRIBE_LINK_TTL_DAYS} days (nothing changed):\n${url}`;
}
