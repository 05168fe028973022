import { z } from "zod";

/** The success envelope of the contract: HTTP 200, `{code: 200, payload}`. */
export const okAnswer = <P extends z.ZodType>(payload: P) => z.object({ code: z.literal(200), payload });

/** Nothing to say but success (logout, password changes). */
export const emptyPayload = z.object({});

/**
 * The custom API's Member calls: HTTP 200 for valid input, the outcome in `code` (one of
 * `codes`) and its text in the request's language in `message`.
 */
export const memberCheckAnswer = <const C extends readonly [number, ...number[]], P extends z.ZodType>(
  codes: C,
  payload: P,
) => z.object({ code: z.literal(codes), message: z.string(), payload });

/**
 * A failure, at HTTP 4xx/5xx: `error_code` and its text at the top and again in `payload`,
 * beside details of some codes (`errors` of a 4000, `attempts_remaining`, `retry_after_seconds`).
 */
export const failureAnswer = z.object({
  code: z.number().int().meta({ description: "The HTTP status" }),
  error_code: z.number().int(),
  error_message: z.string(),
  payload: z
    .object({
      error_code: z.number().int(),
      error_message: z.string(),
      errors: z.array(z.object({ field: z.string(), rule: z.string() })).optional(),
      attempts_remaining: z.number().int().optional(),
      retry_after_seconds: z.number().int().optional(),
    })
    .loose(),
});
export type FailureAnswer = z.output<typeof failureAnswer>;
