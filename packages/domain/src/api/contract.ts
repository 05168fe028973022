import type { z } from "zod";
import * as auth from "./auth.ts";
import * as cms from "./cms.ts";
import * as coins from "./coins.ts";
import * as media from "./media.ts";
import * as memberChecks from "./member-checks.ts";
import * as memberCoins from "./member-coins.ts";
import * as profile from "./profile.ts";
import * as registration from "./registration.ts";
import type { ApiRoute } from "./routes.ts";
import * as stores from "./stores.ts";
import * as subscriptions from "./subscriptions.ts";

/** The area modules: each exported entry with a route and a summary is a call of the contract. */
const AREAS = [
  registration,
  memberChecks,
  auth,
  profile,
  subscriptions,
  coins,
  memberCoins,
  cms,
  stores,
  media,
] as const;

/** An area's calls: its exports that are operations (its schemas and helpers are not). */
type CallsOf<Module> = {
  [Name in keyof Module as Module[Name] extends Operation ? Name : never]: Module[Name];
};
/** Every area's calls in one type: the intersection of a union's members. */
type AllOf<Union> = (Union extends unknown ? (all: Union) => void : never) extends (all: infer Every) => void
  ? Every
  : never;

const isOperation = (value: unknown): value is Operation =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "summary" in value;

const calls = AREAS.flatMap((area) => Object.entries(area).filter(([, entry]) => isOperation(entry)));
const twice = calls.find(([name], index) => calls.findIndex(([other]) => other === name) !== index);
if (twice) throw new Error(`two area modules export the call ${twice[0]}`);

/**
 * Every call of the members' API with its schemas, named as its area module exports it: its
 * route (`...crm(…)`, routes.ts) plus the `body`, `query` or `params` it takes and the `answer`
 * it gives at HTTP 200 (failures share envelope.ts's failureAnswer). The server declares these
 * on its routes, validates requests and serialises answers with them, and serves them as
 * OpenAPI; the web app takes its types from them. A call is added in its area module alone (a
 * name two areas both export is refused above, as the contract is first imported).
 */
export const CONTRACT = Object.fromEntries(calls) as AllOf<
  { [Index in keyof typeof AREAS]: CallsOf<(typeof AREAS)[Index]> }[number]
>;

/**
 * What a call may carry besides its route: its OpenAPI prose beside its schemas (the server
 * registers each route from its entry, apps/server/src/plugins/member-route.ts), and the schemas.
 */
export interface Operation extends ApiRoute {
  readonly tags: readonly string[];
  readonly summary: string;
  /** What the summary cannot say: refusals, limits, the configuration that sets them. */
  readonly description?: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** The HTTP 200 answer, envelope included; none for media, whose answer is the image. */
  readonly answer?: z.ZodType;
}

export type Contract = typeof CONTRACT;

/** A call's name in the contract. */
export type RouteName = keyof Contract;

/** The answer of a call at HTTP 200, as the client reads it. */
export type AnswerOf<Name extends RouteName> = Contract[Name] extends { answer: z.ZodType }
  ? z.output<Contract[Name]["answer"]>
  : never;

/** What a call takes in its body (before the server's parsing: numbers may be strings, and so on). */
export type BodyOf<Name extends RouteName> = Contract[Name] extends { body: z.ZodType }
  ? z.input<Contract[Name]["body"]>
  : never;

/** What a call takes in its query string. */
export type QueryOf<Name extends RouteName> = Contract[Name] extends { query: z.ZodType }
  ? z.input<Contract[Name]["query"]>
  : never;
