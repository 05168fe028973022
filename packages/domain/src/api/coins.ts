import { z } from "zod";
import { CoinCallCode, CoinStatus } from "../codes.ts";
import { isBlank } from "../form-fields.ts";
import { emailSchema } from "../payloads.ts";
import { phoneFields, withPhoneCheck } from "../phone.ts";
import { LOOKUP_BUDGET_NOTE } from "./member-checks.ts";
import { COIN_CALLS, custom } from "./routes.ts";

const tags = ["H Coins"];

/** Every coin call says what happened in the three languages, whatever the request's. */
const messages = { msg_en: z.string(), msg_tc: z.string(), msg_sc: z.string() };

const statusCode = z
  .literal([CoinStatus.failed, CoinStatus.exists, CoinStatus.linked, CoinStatus.none])
  .meta({ description: "101 linked; 100 an account exists, not linked; 999 no account; -1 failed" });

export const coinLinkCheck = {
  ...custom(`${COIN_CALLS}/hcoin-check-linked`, "guest"),
  tags,
  summary: "The H Coins link status of a mobile number (guest or member)",
  description: `HTTP 200 with \`payload.status_code\`: 101 the number's H Coins account is linked to a member (\`hcoins_memberno\` only when the caller's token belongs to that member, null for a guest or another member; compare it with the member's \`external_customer_id\`, which the server completes when the link's answer was lost); 100 an account exists, not linked; 999 no account; -1 the scheme refused or could not be reached (timeout COIN_SCHEME_TIMEOUT_MS, one retry), with the reason in \`msg_en\`, \`msg_tc\`, \`msg_sc\`. ${LOOKUP_BUDGET_NOTE} A member's check of their own number is not counted.`,
  body: withPhoneCheck(z.object({ ...phoneFields })),
  answer: z.object({
    code: z.literal(200),
    message: z.string(),
    payload: z.object({
      status_code: statusCode,
      hcoins_memberno: z
        .string()
        .nullable()
        .meta({ description: "Only for the member the number's account is linked to" }),
      ...messages,
    }),
  }),
};

/** The answer of linking and of creating: HTTP 200 whatever the outcome, which `code` tells. */
export const coinCallAnswer = z.object({
  code: z.literal(Object.values(CoinCallCode)).meta({
    description:
      "200 linked (created or linked now, or already linked); 40020 no H Coins account for the member's number (link only: create one); 40021 the number's account is linked to another member; 40022 the member is linked to a different account; 5030 the scheme timed out, was unreachable or failed — nothing changed, try again.",
  }),
  message: z.string().meta({ description: "msg_* in the request's language" }),
  payload: z.object({
    status_code: statusCode,
    hcoins_memberno: z.string().nullable(),
    ...messages,
  }),
});
export type CoinCallAnswer = z.output<typeof coinCallAnswer>;

/** These calls take JSON that may be empty, with or without a Content-Type; the body is ignored. */
const ignoredBody = z.object({}).loose().optional();

export const linkCoinAccount = {
  ...custom(`${COIN_CALLS}/link-hcoin-2`, "member"),
  tags,
  summary: "Link the H Coins account of the member's number to the member (idempotent)",
  description:
    "Member token required (401 for a guest). The body is ignored and may be empty. The scheme is linked first, then the member's `external_customer_id` is set to the H Coins number; when the scheme fails the member is untouched and a retry completes the link. Answers HTTP 200 with a `code` (see the response).",
  body: ignoredBody,
  answer: coinCallAnswer,
};
export const createCoinAccount = {
  ...custom(`${COIN_CALLS}/hcoin-create`, "member"),
  tags,
  summary: "Open an H Coins account for the member's number, linked to the member (idempotent)",
  description:
    "Member token required (401 for a guest). The body is ignored and may be empty. Creating twice, or concurrently, makes one account and one link; an existing unlinked account of the number is linked instead. Answers HTTP 200 with a `code` (see the response).",
  body: ignoredBody,
  answer: coinCallAnswer,
};

export const DUPLICATE_REASONS = ["mobileRegistered", "emailTaken", "hcoinsLinked"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const duplicateRegistrationCheck = {
  ...custom(`${COIN_CALLS}/hcoin-check-is-duplicate-reg`, "guest"),
  tags,
  summary: "Whether registering this number and email would duplicate a member",
  description: `\`duplicate\` is true when the number is a member already (\`reason_code\` mobileRegistered), the email is taken (emailTaken), or the number's H Coins account is linked to a member (hcoinsLinked); \`reason\` is the text in the request's language, empty when not a duplicate. \`hcoin_status_code\` is the number's link status (-1 when the scheme could not answer; that alone never makes a duplicate). ${LOOKUP_BUDGET_NOTE}`,
  body: withPhoneCheck(
    z.object({
      ...phoneFields,
      email: z.preprocess((value) => (isBlank(value) ? undefined : value), emailSchema.optional()),
    }),
  ),
  answer: z.object({
    code: z.literal(200),
    payload: z.object({
      duplicate: z.boolean(),
      reason: z.string().meta({ description: "In the request's language; empty when not a duplicate" }),
      reason_code: z.enum(DUPLICATE_REASONS).nullable(),
      hcoin_status_code: statusCode,
    }),
  }),
};
