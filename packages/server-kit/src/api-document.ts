import type { FastifyInstance } from "fastify";

/**
 * An app's OpenAPI document as it serves it at /docs/json, and as its committed copy holds it:
 * each app commits its document, and a test fails when the served one differs, so a change to
 * the contract is always a reviewed diff (`npm run openapi` writes them).
 */
export async function servedDocument(app: FastifyInstance): Promise<unknown> {
  try {
    return (await app.inject({ method: "GET", url: "/docs/json" })).json();
  } finally {
    await app.close();
  }
}

/** The document as the committed file holds it. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

type Schema = {
  properties?: object;
  $ref?: string;
  type?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

/** A schema that says what an answer holds: properties, a reference, the bytes of a file, or a choice of those. */
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

/** Every operation of the document, and those whose success answer (200) has no described shape. */
export function answerShapes(document: unknown): { operations: string[]; undocumented: string[] } {
  const paths = (document as { paths: Record<string, Record<string, Operation>> }).paths;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
  return {
    operations: operations.map(({ name }) => name),
    undocumented: operations
      .filter(({ operation }) => {
        const content = Object.values(operation.responses?.["200"]?.content ?? {});
        return content.length === 0 || !content.every((media) => describesShape(media.schema));
      })
      .map(({ name }) => name),
  };
}
