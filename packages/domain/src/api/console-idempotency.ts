import { z } from "zod";

/**
 * The key a console dialog makes once when it opens and sends with each try of its action, so a
 * retry after a lost answer, a double click or the same dialog's call sent twice applies once.
 */
export const idempotencyKey = z
  .string({ error: "required" })
  .trim()
  .min(1, "required")
  .max(100, "tooLong")
  .meta({ description: "Made once per opened dialog (a UUID); the same key answers the first result" });

export const IDEMPOTENCY_NOTE =
  "With the same `idempotency_key` again (a retry, a second click) it applies once and answers the first result; 4256 when the key was used with another request, 4261 while the first call with it is still under way.";
