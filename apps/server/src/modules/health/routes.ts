import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import { AppError, ok } from "../../errors.ts";

/** GET /healthz: 200 once the server can serve, 503 (5030) while its database cannot be reached. */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get("/healthz", { schema: { hide: true }, config: { rateLimit: false } }, async () => {
    try {
      await ping();
    } catch (error) {
      throw Object.assign(new AppError(ErrorCode.serviceUnavailable), { cause: error });
    }
    return ok({ status: "ok" });
  });
};
