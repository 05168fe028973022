/*
 * The coin scheme's wire contract: what a client of its HTTP API (/coin-scheme/v1) needs and
 * nothing else: the request and answer schemas and their types, the error codes and the HTTP
 * status each answers with, the holders' export and erase shapes, and the path prefix. One of the
 * package's three entry points (package.json `exports`): contract, embedded, http.
 */
export * from "./api-schemas.ts";
export { SCHEME_ERROR_STATUS, SchemeErrorCode, type SchemeErrorCodeValue } from "./errors.ts";
export {
  HOLDER_COLUMNS,
  type Holder,
  type HolderAnonymiseResult,
  type HolderExport,
  holderAnonymiseResponse,
  holderExportResponse,
} from "./holders.ts";
export { COIN_SCHEME_PREFIX } from "./routes/fields.ts";
export * from "./tier-schemas.ts";
