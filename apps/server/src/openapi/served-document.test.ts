import { readFile } from "node:fs/promises";
import { answerShapes, documentText } from "@hcoins/server-kit/api-document";
import { describe, expect, it } from "vitest";
import { MEMBER_API_DOCUMENT, memberApiDocument } from "./served-document.ts";

describe("the member server's OpenAPI document", () => {
  it("is the committed docs/openapi.json: a change to the contract is a reviewed diff (npm run openapi writes it)", async () => {
    const served = documentText(await memberApiDocument());
    expect(
      served === (await readFile(MEMBER_API_DOCUMENT, "utf8")),
      "the served /docs/json differs from docs/openapi.json: run `npm run openapi` and review the diff",
    ).toBe(true);
  });

  it("documents the shape of every operation's success answer", async () => {
    const { operations, undocumented } = answerShapes(await memberApiDocument());
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(undocumented).toEqual([]);
  });
});
