import { changePassword, profile, saveProfile, setPassword } from "@hcoins/domain/api/profile";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";

const tags = ["profile"];

export const profileRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    serverPath(profile),
    {
      schema: {
        tags,
        summary: "The caller's user info (custom fields always included)",
        querystring: profile.query,
        response: { 200: profile.answer },
      },
    },
    async (request) => ok(toUserInfo(requireMember(request))),
  );

  app.post(
    serverPath(saveProfile),
    {
      schema: {
        tags,
        summary: "Save the caller's profile",
        description:
          "Only the fields sent change. A birth month once set cannot change (4000, rule birthLocked); the district must belong to the region; 40010 when the email belongs to another member.",
        body: saveProfile.body,
        response: { 200: saveProfile.answer },
      },
    },
    async (request) => {
      const member = requireMember(request);
      const saved = await services.members.saveProfile(member, request.body);
      // The birth month is set once; the coin scheme's birthday bonus follows it from then on.
      if (member.birthday_month === null && saved.birthday_month !== null)
        await services.coins.birthMonthSet(saved);
      return ok(toUserInfo(saved));
    },
  );

  app.post(
    serverPath(changePassword),
    {
      schema: {
        tags,
        summary: "Change the password (revokes the member's other sessions)",
        description:
          "4205 with `attempts_remaining` for a wrong old password; the CHANGE_PASSWORD_MAX_FAILURES-th locks the member's change for LOGIN_LOCK_SECONDS (4290, `retry_after_seconds`) until then or a password reset. 4000 with rule `passwordUnchanged` on new_password when it repeats the old one.",
        body: changePassword.body,
        response: { 200: changePassword.answer },
      },
    },
    async (request) => {
      const member = requireMember(request);
      await services.auth.changePassword(
        member,
        request.accessTokenHash,
        request.body.old_password,
        request.body.new_password,
      );
      return ok({});
    },
  );

  app.post(
    serverPath(setPassword),
    {
      schema: {
        tags,
        summary: "Set the first password of an imported app member (4206 when one exists)",
        body: setPassword.body,
        response: { 200: setPassword.answer },
      },
    },
    async (request) => {
      await services.auth.setPassword(requireMember(request), request.body.new_password);
      return ok({});
    },
  );
};
