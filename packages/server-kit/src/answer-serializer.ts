import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

/** An answer that does not match its route's schema: a bug of the server, answered 500. */
export class AnswerMismatchError extends Error {}

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
type JsonSchema = Record<string, unknown>;

const isScalarBranch = (branch: unknown): branch is { type: string } =>
  typeof branch === "object" &&
  branch !== null &&
  SCALAR_TYPES.has((branch as JsonSchema).type as string) &&
  !("anyOf" in branch || "oneOf" in branch || "properties" in branch || "items" in branch);

/**
 * zod writes `.nullable()` of a number or an enum as `anyOf: [{type}, {type: "null"}]`, and
 * fast-json-stringify picks an anyOf branch by validating the value against each. Branches
 * that are scalars serialize alike whatever their constraints, so they become one
 * `type: [...]`, which it writes without validating anything.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== "object" || schema === null) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, simplify(value)]));
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.every(isScalarBranch)) {
    const { anyOf: _anyOf, ...rest } = node;
    return { ...rest, type: [...new Set(branches.map((branch) => branch.type))] };
  }
  return node;
}

/**
 * Fastify's serializer compiler for routes whose answer is a zod schema: the schema becomes
 * JSON Schema once, and fast-json-stringify compiles a writer for it, as Fastify does for its
 * own JSON Schemas. zod's own serializer (fastify-type-provider-zod) parses every answer with
 * the schema before JSON.stringify writes it: the check costs more than the writing. Only the
 * schema's fields are written, so a field a handler adds by mistake never leaks.
 *
 * With `checkAnswers` (the tests), every answer is also checked against its zod schema first:
 * a server that drifts from the contract fails the test that made the call.
 */
export function answerSerializerCompiler({
  checkAnswers,
}: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = writerOf(schema);
    if (!checkAnswers) return write;
    return (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new AnswerMismatchError(`${method} ${url} answered off its schema: ${checked.error.message}`);
      }
      return write(data);
    };
  };
}

/**
 * The writer of each schema, compiled once per process: compiling is most of the time an app
 * takes to build, which the tests pay for every app they build. A writer depends on its JSON
 * Schema alone; route helpers build their zod schemas afresh (an envelope around a payload), so
 * the cache is keyed by the JSON Schema's text, with the zod object as a quicker first key.
 */
const writersBySchema = new WeakMap<z.ZodType, (data: unknown) => string>();
const writersByJson = new Map<string, (data: unknown) => string>();

function writerOf(schema: z.ZodType): (data: unknown) => string {
  const known = writersBySchema.get(schema);
  if (known) return known;
  const json = simplify(z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" }));
  const text = JSON.stringify(json);
  let write = writersByJson.get(text);
  if (!write) {
    write = fastJson(json as JsonSchema);
    writersByJson.set(text, write);
  }
  writersBySchema.set(schema, write);
  return write;
}
