import { z } from "zod";
import { CoinCallCode, CoinStatus } from "../codes.ts";
import { isBlank } from "../form-fields.ts";
import { emailSchema } from "../payloads.ts";
import { phoneFields, withPhoneCheck } from "../phone.ts";
import { ROUTES } from "./routes.ts";

/** Every coin call says what happened in the three languages, whatever the request's. */
const messages = { msg_en: z.string(), msg_tc: z.string(), msg_sc: z.string() };

const statusCode = z
  .literal([CoinStatus.failed, CoinStatus.exists, CoinStatus.linked, CoinStatus.none])
  .meta({ description: "101 linked; 100 an account exists, not linked; 999 no account; -1 failed" });

export const coinLinkCheck = {
  ...ROUTES.coinLinkCheck,
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

export const linkCoinAccount = { ...ROUTES.linkCoinAccount, body: ignoredBody, answer: coinCallAnswer };
export const createCoinAccount = { ...ROUTES.createCoinAccount, body: ignoredBody, answer: coinCallAnswer };

export const DUPLICATE_REASONS = ["mobileRegistered", "emailTaken", "hcoinsLinked"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const duplicateRegistrationCheck = {
  ...ROUTES.duplicateRegistrationCheck,
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
