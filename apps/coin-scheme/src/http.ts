/*
 * The coin scheme as a service of its own (main.ts): its Fastify app over its own database, and
 * the OpenAPI document its routes serve (the member server's reference merges it). One of the
 * package's three entry points (package.json `exports`): contract, embedded, http.
 */
export { buildCoinSchemeApp } from "./app.ts";
export { COIN_SCHEME_API_DOCUMENT, coinSchemeApiDocument } from "./openapi/served-document.ts";
