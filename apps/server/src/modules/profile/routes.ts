import { passwordFormatSchema } from "@hcoins/domain/password";
import { profileSavePayloadSchema } from "@hcoins/domain/payloads";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";

const tags = ["profile"];

export const profileRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/crm/user/profile",
    {
      schema: {
        tags,
        summary: "The caller's user info (custom fields always included)",
        querystring: z.object({ include_custom_field: z.string().optional() }),
      },
    },
    async (request) => ok(toUserInfo(requireMember(request))),
  );

  app.post(
    "/crm/user/profile",
    {
      schema: {
        tags,
        summary: "Save the caller's profile",
        description:
          "Only the fields sent change. A birth month once set cannot change (4000, rule birthLocked); the district must belong to the region; 40010 when the email belongs to another member.",
        body: profileSavePayloadSchema,
      },
    },
    async (request) => {
      const member = requireMember(request);
      return ok(toUserInfo(await services.members.saveProfile(member, request.body)));
    },
  );

  app.post(
    "/crm/user/change-password",
    {
      schema: {
        tags,
        summary: "Change the password (revokes the member's other sessions)",
        body: z.object({
          old_password: z
            .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
            .min(1, "passwordNull")
            .max(128, "tooLong"),
          new_password: passwordFormatSchema,
        }),
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
    "/crm/user/set-password",
    {
      schema: {
        tags,
        summary: "Set the first password of an imported app member (4206 when one exists)",
        body: z.object({ new_password: passwordFormatSchema }),
      },
    },
    async (request) => {
      await services.auth.setPassword(requireMember(request), request.body.new_password);
      return ok({});
    },
  );
};
