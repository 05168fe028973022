import { envSchema as coinSchemeEnv } from "@hcoins/coin-scheme/embedded";
import { z } from "zod";
import { envSchema as serverEnv } from "../config.ts";
import { cell, markdownTable } from "./markdown-table.ts";

export const CONFIGURATION_DOC = "docs/configuration.md";

/** The default a variable's schema falls back to (before any transform), or undefined when it has none. */
export function schemaDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.in as z.ZodType);
  return undefined;
}

/**
 * A variable's default as the table shows it: the field's `shownDefault` metadata where the
 * schema's own would not read well (it depends on the machine, or is a long text), else the
 * schema's.
 */
function shownDefault(schema: z.ZodType): string {
  const shown = schema.meta()?.shownDefault;
  if (typeof shown === "string") return shown;
  const value = schemaDefault(schema);
  if (value === undefined) return "unset";
  return value === "" ? "empty" : `\`${String(value)}\``;
}

/**
 * One row per variable, in the schema's order, from each field's `.meta({ description })`;
 * neighbours with the same description share a row (the three SMS templates, say), their
 * defaults listed in the same order unless they are all the same.
 */
function variablesTable(schema: z.ZodObject): string {
  const rows: { names: string[]; defaults: string[]; meaning: string }[] = [];
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const meaning = field.meta()?.description;
    if (!meaning)
      throw new Error(`${name}: give the variable .meta({ description }) for ${CONFIGURATION_DOC}`);
    const previous = rows.at(-1);
    if (previous?.meaning === meaning) {
      previous.names.push(name);
      previous.defaults.push(shownDefault(field));
    } else rows.push({ names: [name], defaults: [shownDefault(field)], meaning });
  }
  return markdownTable(
    ["variable", "default", "meaning"],
    rows.map(({ names, defaults, meaning }) => [
      cell(names.map((name) => `\`${name}\``).join(", ")),
      cell(new Set(defaults).size === 1 ? (defaults[0] as string) : defaults.join(", ")),
      cell(meaning),
    ]),
  );
}

/** docs/configuration.md: every variable of the member server and of the coin scheme. */
export function configurationDoc(): string {
  return `<!-- Written by \`npm run docs\` from the configuration schemas (apps/server/src/config.ts,
apps/coin-scheme/src/config.ts): change a variable's .meta() there, not this file. -->

# Configuration

Every variable is read once at start (\`apps/server/src/config.ts\`; the embedded coin scheme reads
its own \`COIN_*\` variables with \`apps/coin-scheme/src/config.ts\`, see [H Coins](coin-scheme.md));
a bad value stops the server with a message naming it.

## The member server

${variablesTable(serverEnv)}

## The coin scheme

The embedded scheme reads these from the member server's environment (none of them with
\`COIN_SCHEME_URL\`, which names an external scheme); the standalone scheme (\`npm run coin-scheme\`)
reads these only. Those marked "on its own only" are the standalone scheme's: embedded, it uses the
member server's database, port, host, log level, proxies and load shedding.

${variablesTable(coinSchemeEnv)}
`;
}
