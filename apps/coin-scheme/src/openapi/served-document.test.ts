import { readFile } from "node:fs/promises";
import { answerShapes, documentText } from "@hcoins/server-kit/api-document";
import { describe, expect, it } from "vitest";
import { COIN_SCHEME_API_DOCUMENT, coinSchemeApiDocument } from "./served-document.ts";

describe("the coin scheme's OpenAPI document", () => {
  it("is the committed docs/openapi-coin-scheme.json (npm run openapi writes it)", async () => {
    const served = documentText(await coinSchemeApiDocument());
    expect(
      served === (await readFile(COIN_SCHEME_API_DOCUMENT, "utf8")),
      "the served /docs/json differs from docs/openapi-coin-scheme.json: run `npm run openapi` and review the diff",
    ).toBe(true);
  });

  it("documents the shape of every operation's success answer", async () => {
    const { operations, undocumented } = answerShapes(await coinSchemeApiDocument());
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(undocumented).toEqual([]);
  });
});
