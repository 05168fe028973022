import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * helmet's headers (nosniff, frame protection, Referrer-Policy, COOP/CORP and the rest) are
 * the same on every answer, so helmet runs once here and each answer gets the result in one
 * sync hook; @fastify/helmet ran helmet's eleven middlewares and two hooks per request, a
 * tenth of a CheckPhone's CPU (bench/RESULTS.md). The SPA's CSP is set with its page
 * (modules/web/routes.ts). HSTS only on answers that went out over HTTPS (TLS here, or
 * X-Forwarded-Proto from a trusted proxy): browsers ignore it on plain HTTP anyway.
 */
const HELMET_HEADERS = helmetHeaders();
const HSTS = "max-age=31536000; includeSubDomains";

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({ contentSecurityPolicy: false, strictTransportSecurity: false });
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityHeadersOptions {
  /**
   * Paths whose answers are the API's: `Cache-Control: no-store` unless the route sets its own
   * (a media image's year, the console's image preview), so an answer about a member stays in
   * no shared or browser cache.
   */
  apiPrefixes: readonly string[];
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { apiPrefixes }: SecurityHeadersOptions) => {
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(HELMET_HEADERS);
      if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
      // Set before the route runs, so a route's own Cache-Control replaces it.
      if (apiPrefixes.some((prefix) => request.url.startsWith(prefix)))
        reply.header("cache-control", "no-store");
      done();
    });
  },
);
