import { consoleMemberLedger } from "@hcoins/domain/api/console-ledger";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { consoleRoute } from "./console-route.ts";

/** A member's whole H Coins ledger, a page at a time (customer service's receipt disputes), and their tier. */
export const consoleMemberLedgerRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  consoleRoute(app, consoleMemberLedger.list, async (request) => {
    const { page, page_size, kind, from, to, store_code, receipt_no, dir } = request.query;
    return ok(
      await services.memberLedger.page(request.params.id, {
        page,
        pageSize: page_size,
        kind,
        from,
        to,
        storeCode: store_code,
        receiptNo: receipt_no,
        dir,
      }),
    );
  });

  consoleRoute(app, consoleMemberLedger.tier, async (request) =>
    ok(await services.memberLedger.tier(request.params.id)),
  );
};
