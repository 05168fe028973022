import type { Operation } from "@hcoins/domain/api/contract";
import { serverPath } from "@hcoins/domain/api/routes";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ACCESS_CHECKED } from "./auth-header.ts";

/** The Fastify schema a contract entry stands for, so a handler's request and answer take its types. */
type SchemaOf<Entry extends Operation, Answer> = {
  body: Entry extends { body: infer Body } ? Body : undefined;
  querystring: Entry extends { query: infer Query } ? Query : undefined;
  params: Entry extends { params: infer Params } ? Params : undefined;
  response: { 200: Answer };
};

type Typed<Schema extends FastifySchema, Kind> = Kind extends "handler"
  ? RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      FastifyContextConfig,
      Schema,
      ZodTypeProvider
    >
  : preHandlerAsyncHookHandler<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      FastifyContextConfig,
      Schema,
      ZodTypeProvider
    >;

type AnswerOf<Entry extends Operation> = Entry extends { answer: infer Answer } ? Answer : undefined;

export interface RouteExtras<Schema extends FastifySchema, Also extends Operation> {
  /** Runs after validation, before the handler (a lookup budget spent, say). */
  preHandler?: Typed<Schema, "preHandler">;
  /** Route settings besides its access, which only the contract gives. */
  config?: Omit<FastifyContextConfig, "access">;
  /** The media types of an answer sent as bytes (an image), documented since no schema is serialised. */
  produces?: string[];
  /** A second entry served at the same method and path (the stores path): its answer is the route's other one. */
  alsoAnswers?: Also;
}

/**
 * Registers a route of the members' API from its contract entry (packages/domain/src/api): method,
 * path, schemas, OpenAPI tags and prose, security, and `config.access`, which the auth-header plugin
 * checks before the body is read. Only in a scope that plugin guards: a route registered anywhere
 * else would have no access check at all, so that fails at start instead.
 */
export function route<const Entry extends Operation, const Also extends Operation = never>(
  app: FastifyInstance,
  entry: Entry,
  handler: Typed<SchemaOf<Entry, AnswerOf<Entry> | AnswerOf<Also>>, "handler">,
  extras: RouteExtras<SchemaOf<Entry, AnswerOf<Entry> | AnswerOf<Also>>, Also> = {},
): void {
  const url = serverPath(entry);
  if (!app.hasDecorator(ACCESS_CHECKED))
    throw new Error(`${entry.method} ${url}: route() outside a scope with the auth-header plugin`);
  const also = extras.alsoAnswers;
  if (also && (also.method !== entry.method || serverPath(also) !== url || also.access !== entry.access))
    throw new Error(`${entry.method} ${url}: alsoAnswers names another route`);
  const answer = also?.answer && entry.answer ? z.union([entry.answer, also.answer]) : entry.answer;
  app.route({
    method: entry.method,
    url,
    config: { ...extras.config, access: entry.access },
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(entry.description !== undefined ? { description: entry.description } : {}),
      // An image's call sends no Authorization header: the document says it needs none.
      ...(entry.access === "appIdInQuery" ? { security: [] } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(extras.produces ? { produces: extras.produces } : {}),
      ...(answer ? { response: { 200: answer } } : {}),
    },
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    handler,
  } as RouteOptions);
}
