import { changePassword, profile, saveProfile, setPassword } from "@hcoins/domain/api/profile";
import type { FastifyPluginAsync } from "fastify";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";
import { deviceIdOf } from "../referrals/device-id.ts";

export const profileRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  route(app, profile, async (request) => ok(toUserInfo(requireMember(request))));

  route(app, saveProfile, async (request) => {
    const member = requireMember(request);
    // Complete-profile's referral code: refused before anything is saved when it names no member.
    await services.referrals.profileCompleted(
      member,
      request.body.referral_code,
      deviceIdOf(request.headers),
    );
    const saved = await services.members.saveProfile(member, request.body);
    // The birth month is set once; the coin scheme's birthday bonus follows it from then on.
    if (member.birthday_month === null && saved.birthday_month !== null)
      await services.coins.birthMonthSet(saved);
    return ok(toUserInfo(saved));
  });

  route(app, changePassword, async (request) => {
    const member = requireMember(request);
    await services.auth.changePassword(
      member,
      request.accessTokenHash,
      request.body.old_password,
      request.body.new_password,
    );
    return ok({});
  });

  route(app, setPassword, async (request) => {
    await services.auth.setPassword(requireMember(request), request.body.new_password);
    return ok({});
  });
};
