import type { AnswerOf } from "@hcoins/domain/api/contract";
import { currentLanguage, translator } from "../lib/i18n.ts";
import type { Phone } from "../lib/session.ts";
import { ApiError, call, wirePhone } from "./client.ts";
import { errorMessage } from "./error-message.ts";

/**
 * The coin scheme's calls of the custom API. They answer HTTP 200 whatever the scheme said:
 * the link check in `payload.status_code` (CoinStatus), linking and creating in `code`
 * (CoinCallCode), each with its text in three languages. api/coin-check.ts runs the check.
 */

export type CoinMessages = Pick<AnswerOf<"coinLinkCheck">["payload"], "msg_en" | "msg_tc" | "msg_sc">;

/** A coin answer's text in the current language, else `fallback` (its `message`), else common:serverError. */
export const coinMessage = (messages: CoinMessages, fallback: string) =>
  messages[`msg_${currentLanguage()}`] || fallback || translator.t("common:serverError");

/** A failed coin call: the scheme's own text where the failure carries one, else what the failure means. */
export function coinFailureMessage(error: unknown): string {
  const details: Record<string, unknown> = error instanceof ApiError ? error.details : {};
  const text = details[`msg_${currentLanguage()}`];
  return typeof text === "string" && text !== "" ? text : errorMessage(error);
}

/**
 * hcoin-check-linked. Registration asks as a visitor (the spec's "no token" call), before any
 * session; the member-status check sends the member's token, since a 101 carries the H Coins
 * number (`hcoins_memberno`) only to the member it is linked to.
 */
export const coinLinkCheck = (phone: Phone, { asGuest }: { asGuest: boolean }) =>
  call("coinLinkCheck", { body: wirePhone(phone), asGuest });

/** link-hcoin-2: links the account of the member's number. */
export const linkCoinAccount = () => call("linkCoinAccount", { body: {}, json: true });

/** hcoin-create: creates (or links) an account for the member's number. */
export const createCoinAccount = () => call("createCoinAccount", { body: {}, json: true });

/** hcoin-check-is-duplicate-reg, as a visitor: the scheme's own check before a registration. */
export const duplicateRegistrationCheck = async (phone: Phone, email: string) =>
  (await call("duplicateRegistrationCheck", { body: { ...wirePhone(phone), email }, asGuest: true })).payload;
