import { type Language, languageFromAcceptLanguage } from "@hcoins/domain/languages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** Language of server texts, from Accept-Language (default tc). */
    lang: Language;
  }
}

/**
 * `request.lang`, read from Accept-Language where a text needs it: most answers (a profile, a
 * session check) carry no text, and a hook would parse the header for every request all the same.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("lang", {
    getter(this: FastifyRequest): Language {
      return languageFromAcceptLanguage(this.headers["accept-language"]);
    },
  });
});
