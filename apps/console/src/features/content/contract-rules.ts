import type { z } from "zod";

/** The contract's checks run in the browser first: each failed field with its rule, as a 4000 would name it. */
export function contractRules(schema: z.ZodType, body: unknown): { field: string; rule: string }[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.join("."),
    rule: /^[a-z][A-Za-z0-9]*$/.test(issue.message) ? issue.message : "invalid",
  }));
}
