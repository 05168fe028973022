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

/** Fields and rules (the browser's or a 4000's) as a map for a form: each field's first rule. */
export function rulesOf(errors: readonly { field: string; rule: string }[]): Record<string, string> {
  const rules: Record<string, string> = {};
  for (const { field, rule } of errors) rules[field] ??= rule;
  return rules;
}
