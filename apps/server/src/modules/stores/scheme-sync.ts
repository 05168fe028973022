import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../../services.ts";

/**
 * At start, with the embedded scheme: its store registry in step with the stores here
 * (StoreService.syncToScheme), so that a database made before the registry, and the first start's
 * seeded stores, earn at every store with the flag the store list shows. Should it fail, the server
 * still starts: the line says so, and `npm run admin -- stores-sync` does it later.
 */
export async function syncStoresToScheme(services: Services, log: FastifyBaseLogger): Promise<void> {
  try {
    const { registered, reflagged } = await services.stores.syncToScheme();
    if (registered.length > 0 || reflagged.length > 0) {
      log.info({ registered, reflagged }, "coin scheme store registry brought in step with the stores");
    }
  } catch (error) {
    log.warn(
      { err: error },
      "coin scheme store registry not synced: tills may be refused at new stores until `npm run admin -- stores-sync`",
    );
  }
}
