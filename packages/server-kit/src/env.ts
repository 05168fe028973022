import { z } from "zod";

/*
 * Pieces of the environment schemas of the member server and the coin scheme, and the one
 * way both read them: parsed once at start-up, every bad variable named in one message.
 */

export const nodeEnv = z.enum(["development", "production", "test"]).default("development");
export type NodeEnv = z.infer<typeof nodeEnv>;

export const logLevel = z
  .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
  .default("info");
export type LogLevel = z.infer<typeof logLevel>;

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Unset and blank both mean "not given". */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

export const databaseUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((url) => url.startsWith("sqlite:") || /^postgres(ql)?:\/\//.test(url), {
      message: "must be sqlite:<path> or postgres://…",
    });

/** A bad configuration: `problems` are `VARIABLE: what is wrong`, one per line of the message. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
}

/** Parses the environment with `schema`; a bad value throws a ConfigError naming every bad variable. */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
}
