import { media } from "@hcoins/domain/api/media";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { AppError } from "../../errors.ts";
import { authHeaderPlugin } from "../../plugins/auth-header.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { detectImageType, EXTENSION_TYPES } from "./image-type.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** True when an If-None-Match header names this ETag (or is `*`); weak validators compare equal. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((part) => part.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === "*" || candidate === etag);
}

/**
 * `GET /crm/media/{token}`: the image itself, for `<img src>`, so it takes the app
 * id as `?app_id=` instead of an Authorization header (the contract's access `appIdInQuery`,
 * checked by the auth-header plugin of this scope). The token is the SHA-256 of
 * the bytes: the content never changes under it, so it is the ETag and the answer
 * may be cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await app.register(authHeaderPlugin, {
    appIds: services.config.APP_IDS,
    memberFor: (token) => services.members.memberForAccessToken(token),
    linkTokenMember: (token) => services.subscriptions.memberFromLinkToken(token),
  });

  route(
    app,
    media,
    async (request, typedReply) => {
      // Bytes or a 304 go out as they are, never an answer to serialise: Fastify's plain reply.
      const reply: FastifyReply = typedReply;
      const media = await services.media.find(request.params.token);
      if (!media) throw new AppError(ErrorCode.notFound);

      const etag = `"${media.token}"`;
      reply
        .header("etag", etag)
        .header("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        // The web app may be served from another origin than its API (config), and <img> must still load.
        .header("cross-origin-resource-policy", "cross-origin")
        // An SVG opened on its own must not run anything, whatever slipped past the sanitiser.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (etagMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();

      const bytes = Buffer.from(media.bytes);
      return reply.type(detectImageType(bytes) ?? media.content_type).send(bytes);
    },
    {
      // An image, loaded with the page that shows it: outside the request limit (plugins/rate-limit.ts).
      config: { staticFile: true },
      // The bytes go out as they are (never serialised); this documents them per image type.
      produces: [...new Set(Object.values(EXTENSION_TYPES))],
    },
  );
};
