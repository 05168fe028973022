import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { COMMITTED_DOCUMENT, documentText, servedDocument } from "./served-document.ts";

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Schema = {
  properties?: object;
  $ref?: string;
  type?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** A schema that says what the answer holds: properties, a reference, the bytes of a file, or a choice of those. */
function describesShape(schema: Schema | undefined): boolean {
  if (schema === undefined) return false;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.length > 0 && branches.every(describesShape);
  return (
    schema.properties !== undefined ||
    schema.$ref !== undefined ||
    (schema.type === "string" && schema.format === "binary")
  );
}

describe("the OpenAPI document", () => {
  it("is the committed docs/openapi.json: a change to the contract is a reviewed diff (npm run openapi writes it)", async () => {
    const served = documentText(await servedDocument());
    const committed = await readFile(COMMITTED_DOCUMENT, "utf8");
    expect(
      served === committed,
      "the served /docs/json differs from docs/openapi.json: run `npm run openapi` and review the diff",
    ).toBe(true);
  });

  it("documents the shape of every operation's success answer", async () => {
    const { paths } = (await servedDocument()) as Document;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const undocumented = operations
      .filter(({ operation }) => {
        const content = Object.values(operation.responses?.["200"]?.content ?? {});
        return content.length === 0 || !content.every((media) => describesShape(media.schema));
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });
});
