import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import { languageFromAcceptLanguage } from "@hcoins/domain/languages";
import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { answerSerializerCompiler } from "./answer-serializer.ts";
import type { LogLevel } from "./env.ts";
import { type ErrorEnvelope, envelopeErrorHandler, notFoundHandler } from "./error-envelope.ts";
// Also as a bare import, which declaration output keeps: the apps' programs see `request.lang` through it.
import "./language.ts";
import { languagePlugin } from "./language.ts";
import { loggingOptions } from "./logger.ts";
import { keepRouteList } from "./route-list.ts";
import { fastifyTrustProxy, type TrustProxySetting } from "./trust-proxy.ts";

export interface ServerOptions<Code extends number> {
  logLevel: LogLevel;
  trustProxy: TrustProxySetting;
  /** The largest request body, in bytes: a larger one is refused before it is read. */
  bodyLimit: number;
  /** How failures answer: the app's error class, codes and texts. */
  envelope: ErrorEnvelope<Code>;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream | undefined;
  /** Check every answer against its route's schema before it is written (the tests do). */
  checkAnswers?: boolean;
  /** When the instance sheds load (DEFAULT_PRESSURE unless given). */
  pressure?: PressureLimits | undefined;
  /** How long a connection may take, DEFAULT_TIMEOUTS by default. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServerTimeouts {
  /** The whole request, headers and body: a client that has not sent it all by then gets 408 and is closed. */
  requestMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
}

/**
 * 30 s for a request of at most a few dozen kilobytes leaves a slow phone plenty (an outside probe
 * kept a body trickling for 330 s when Node's limit was off, Fastify's default); 72 s of keep-alive
 * (Fastify's) outlasts the usual balancer idle timeout of 60 s, so the balancer closes first and
 * never sends on a connection the server is closing.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, keepAliveMs: 72_000 };

/**
 * Past either threshold for three samples in a row the instance answers 503 (the app's 5030,
 * `reason: "overloaded"`, with Retry-After) to every request but its health checks and metrics,
 * until a sample is below it again: a balancer or client then tries another instance or later, and the requests
 * already in flight finish instead of all slowing down together. 0 switches one off.
 */
export interface PressureLimits {
  /** Mean event-loop delay over a sample, in ms. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use, in bytes. */
  maxHeapUsedBytes: number;
  /** How often both are sampled (1 s; tests make it short). */
  sampleIntervalMs?: number;
}

/**
 * Generous, so that tests and benchmarks are never shed: two seconds of event-loop delay on
 * average (requests wait that long before any code of theirs runs), or the heap at 90 % of
 * V8's limit.
 */
export const DEFAULT_PRESSURE: PressureLimits = {
  maxEventLoopDelayMs: 2000,
  maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
};

/** Asked by balancers and monitoring: they must see an overloaded instance, not a 503 of its own making. */
const NEVER_SHED = new Set(["/healthz", "/readyz", "/metrics"]);
const SHED_RETRY_AFTER_SECONDS = 5;
const SUSTAINED_SAMPLES = 3;

/**
 * The Fastify instance of the member server and of the standalone coin scheme: their access
 * log and censor, zod schemas validating requests and answers written from their schemas
 * (answer-serializer.ts), the error envelope, the request's language, load shedding
 * (@fastify/under-pressure, PressureLimits) and a clean shutdown. Each app then adds its own plugins and routes.
 */
export async function createServer<Code extends number>(options: ServerOptions<Code>) {
  const errorHandler = envelopeErrorHandler(options.envelope);
  const notFound = notFoundHandler(options.envelope);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...loggingOptions(options, options.logStream),
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: options.bodyLimit,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      // Headers within the request's own limit (Node's 60 s default would outlast a shorter one).
      headersTimeout: timeouts.requestMs,
      // Node checks both limits on this interval (30 s by default, which would let a 30 s limit run to
      // 60 s): a tenth of the limit, within 0.1 to 5 s.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeouts.requestMs / 10))),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals answer outside the error handler, in Fastify's shape (a bare 414,
    // a bare 400), unless given here: a path parameter over its 100 characters is no path we serve
    // (404), a malformed URL the client's fault (400). The router answers before the request has
    // its decorations, so the language of the text is read here.
    frameworkErrors: (error, request, reply) => {
      request.lang = languageFromAcceptLanguage(request.headers["accept-language"]);
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return notFound(request, reply);
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  keepRouteList(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers: options.checkAnswers ?? false }));
  // Shutting down: answers still in flight close their keep-alive connection, so close() need not wait for it to time out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFound);
  await app.register(languagePlugin);
  // After the language: the refusal speaks the request's language.
  const pressure = options.pressure ?? DEFAULT_PRESSURE;
  const sampleInterval = pressure.sampleIntervalMs ?? 1000;
  const { errorClass, codes } = options.envelope;
  // One sample over a threshold is a spike (starting up, a moment without the CPU): shed only
  // once SUSTAINED_SAMPLES readings in a row found the pressure.
  let pressedSamples = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    sampleInterval,
    pressureHandler: (request, _reply, type, value) => {
      if (pressedSamples < SUSTAINED_SAMPLES || NEVER_SHED.has(request.routeOptions.url ?? ""))
        return undefined;
      request.log.warn({ pressure: type, value }, "under pressure: request shed (503)");
      return Promise.reject(
        new errorClass(codes.serviceUnavailable, {
          reason: "overloaded",
          retry_after_seconds: SHED_RETRY_AFTER_SECONDS,
        }),
      );
    },
  });
  const watch = setInterval(() => {
    pressedSamples = app.isUnderPressure() ? pressedSamples + 1 : 0;
  }, sampleInterval).unref();
  app.addHook("onClose", async () => clearInterval(watch));
  return app;
}
