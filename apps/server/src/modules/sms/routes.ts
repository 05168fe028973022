import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { devOutboxEnabled } from "../../config.ts";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { ConsoleSmsSender } from "./console-sender.ts";

/**
 * GET /dev/sms-outbox: the SMS the console sender printed, newest first. Only with
 * the console provider outside production; otherwise the path does not exist (404).
 */
export const devOutboxRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const sender = services.smsSender;
  if (!devOutboxEnabled(services.config) || !(sender instanceof ConsoleSmsSender)) return;
  app.get(
    "/dev/sms-outbox",
    {
      schema: {
        hide: true,
        querystring: z.object({ mobile_phone_prefix: z.string(), mobile_phone: z.string() }),
      },
    },
    async (request) => {
      const { mobile_phone_prefix, mobile_phone } = request.query as {
        mobile_phone_prefix: string;
        mobile_phone: string;
      };
      return ok(sender.read(mobile_phone_prefix.replace(/^\+/, ""), mobile_phone));
    },
  );
};
