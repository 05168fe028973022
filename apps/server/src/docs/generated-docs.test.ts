import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
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
