import { languageFromAcceptLanguage } from "@hcoins/domain/languages";
import type { Language } from "@hcoins/domain/profile-options";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** Language of server texts, from Accept-Language (default tc). */
    lang: Language;
  }
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("lang", "tc");
  app.addHook("onRequest", (request, _reply, done) => {
    request.lang = languageFromAcceptLanguage(request.headers["accept-language"]);
    done();
  });
});
