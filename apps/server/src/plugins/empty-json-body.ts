import type { FastifyInstance } from "fastify";

/**
 * "JSON, may be empty" (the custom API's H Coins calls): in the scope it is added to, an empty
 * body sent as application/json is an empty object, not a 400. `__proto__` keys are dropped,
 * as Fastify's own parser does.
 */
export function acceptEmptyJson(app: FastifyInstance) {
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === "__proto__" ? undefined : value)),
      );
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
}
