import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * zodResolver for a domain schema. The domain preprocesses form and JSON input alike, so
 * its input type is `unknown`; the form states its own (string) value types here instead.
 */
export function domainResolver<Values extends FieldValues, Output = Values>(
  schema: z.ZodType<Output, FieldValues>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
}
