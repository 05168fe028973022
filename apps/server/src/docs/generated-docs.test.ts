import { readFile } from "node:fs/promises";
import { envSchema as coinSchemeEnv } from "@hcoins/coin-scheme/embedded";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { envSchema as serverEnv } from "../config.ts";
import { schemaDefault } from "./configuration-doc.ts";
import { GENERATED_DOCS } from "./generated-docs.ts";

describe("the generated docs", () => {
  it.each(GENERATED_DOCS.map((doc) => [doc.file, doc] as const))(
    "%s is what `npm run docs` writes",
    async (file, { write }) => {
      expect(
        (await write()) === (await readFile(file, "utf8")),
        `${file} differs from what its source says: run \`npm run docs\` and review the diff`,
      ).toBe(true);
    },
  );
});

// reliability.md's limit tables say each limit's default beside its variable, for the operator who
// reads why a request was refused: those numbers are kept by hand, so they are held to the schemas.
describe("docs/reliability.md's limit tables", () => {
  it("give each variable's default as its schema does", async () => {
    const fields: Record<string, z.ZodType> = { ...serverEnv.shape, ...coinSchemeEnv.shape };
    const rows: { variable: string; shown: number; schema: unknown }[] = [];
    let columns: { shown: number; variable: number } | undefined;
    for (const line of (await readFile("docs/reliability.md", "utf8")).split("\n")) {
      if (!line.startsWith("|")) {
        columns = undefined;
        continue;
      }
      const cells = line.split("|").map((cell) => cell.trim());
      if (cells.includes("default") && cells.includes("variable")) {
        columns = { shown: cells.indexOf("default"), variable: cells.indexOf("variable") };
        continue;
      }
      const variable = /^`([A-Z_]+)`$/.exec(cells[columns?.variable ?? -1] ?? "")?.[1];
      const shown = /^\d+/.exec(cells[columns?.shown ?? -1] ?? "")?.[0];
      const field = variable === undefined ? undefined : fields[variable];
      if (variable && shown && field)
        rows.push({ variable, shown: Number(shown), schema: schemaDefault(field) });
    }
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.filter((row) => row.shown !== row.schema)).toEqual([]);
  });
});
