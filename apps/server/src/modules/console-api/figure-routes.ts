import { consoleFigures } from "@hcoins/domain/api/console-figures";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { requirePermission, requireSession, security, tags } from "./console-auth.ts";

/** The figures page: programme managers, administrators and auditors read it; a read writes no audit entry. */
export const consoleFigureRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = [
    requireSession(services.operators.sessions),
    requirePermission(["programme.edit", "audit.read"]),
  ];

  app.get(
    consoleFigures.show.path,
    {
      schema: {
        tags,
        security,
        summary:
          "Per Hong Kong day: registrations, logins, SMS sent and failed, and the coins earned, redeemed, expired and outstanding",
        description:
          "Needs programme.edit or audit.read. `from` and `to` are Hong Kong dates, both included (default the last 30 days up to today), at most 366 days: 4000 `date`, `dateOrder` or `rangeTooLong` otherwise. `coins` is null when the coin scheme did not answer; the rest still shows.",
        querystring: consoleFigures.show.query,
        response: { 200: consoleFigures.show.answer },
      },
      preHandler: read,
    },
    async (request) => ok(await services.figuresReport.show(request.query)),
  );
};
