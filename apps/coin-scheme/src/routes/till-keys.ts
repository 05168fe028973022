import { MAX_TILL_KEY_STORES } from "@hcoins/domain/till-key-rules";
import { z } from "zod";
import { envelope, tillKeyCreateResponse, tillKeyResponse, tillKeysResponse } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import { COIN_SCHEME_PREFIX, ok, operatorName, type SchemeApp, schemeRoute, storeCode } from "./fields.ts";

const FULL_SCOPE =
  "For full-scope clients only (the member server, a back office): a till key is refused (4030).";
const idParams = z.object({ id: z.coerce.number().int().positive() });
const storeList = z
  .array(storeCode, { error: "required" })
  .min(1, "required")
  .max(MAX_TILL_KEY_STORES, "tooMany")
  .meta({ description: "registered store codes (6014 names those that are not)" });

/**
 * The till keys operators make (till-keys.ts): listed without the key, created with the key in
 * the answer only, bound to other stores, revoked. Keys of COIN_SCHEME_API_KEYS are not listed.
 */
export function tillKeyRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/till-keys`,
    schemeRoute("all", {
      summary: "The till keys operators made, live and revoked (never the key itself)",
      description: FULL_SCOPE,
      response: { 200: envelope(tillKeysResponse) },
    }),
    async () => ok(await scheme.tillKeys()),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/till-keys`,
    schemeRoute("all", {
      summary: "Make a till key bound to stores; the key is in this answer only",
      description: `${FULL_SCOPE} \`name\` (letters, digits, . _ -, up to 64) is how the ledger names the till; 6029 a live key has it. 6014 a store the registry lacks (\`store_codes\`). The scheme keeps only the key's SHA-256: a key lost is revoked and made again.`,
      body: z.object({
        name: z.string({ error: "required" }).trim().min(1, "required").max(64, "tooLong"),
        stores: storeList,
        operator: operatorName,
      }),
      response: { 200: envelope(tillKeyCreateResponse) },
    }),
    async (request) => {
      const { name, stores, operator } = request.body;
      return ok(await scheme.createTillKey({ name, stores, by: operator }));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/till-keys/:id/stores`,
    schemeRoute("all", {
      summary: "Bind a till key to other stores (from its next call)",
      description: `${FULL_SCOPE} 6030 no such key; 6031 revoked; 6014 a store the registry lacks.`,
      params: idParams,
      body: z.object({ stores: storeList }),
      response: { 200: envelope(tillKeyResponse) },
    }),
    async (request) => {
      return ok(await scheme.setTillKeyStores(request.params.id, request.body.stores));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/till-keys/:id/revoke`,
    schemeRoute("all", {
      summary: "Revoke a till key: refused (4010) from its next call, on every instance",
      description: `${FULL_SCOPE} 6030 no such key; 6031 revoked already.`,
      params: idParams,
      body: z.object({ operator: operatorName }),
      response: { 200: envelope(tillKeyResponse) },
    }),
    async (request) => {
      return ok(await scheme.revokeTillKey(request.params.id, request.body.operator));
    },
  );
}
