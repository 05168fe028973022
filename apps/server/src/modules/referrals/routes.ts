import { referrals } from "@hcoins/domain/api/member-coins";
import type { FastifyPluginAsync } from "fastify";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { acceptEmptyJson } from "../../plugins/empty-json-body.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";

/** The member's own invitations (hcoin-referrals). */
export const referralRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  acceptEmptyJson(app);
  route(app, referrals, async (request) => ok(await services.referrals.mine(requireMember(request))));
};
