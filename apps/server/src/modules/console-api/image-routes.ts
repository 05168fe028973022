import { consoleImages } from "@hcoins/domain/api/console-images";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { ContentFieldError } from "../cms/editor.ts";
import { detectImageType } from "../media/image-type.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The console's one image store: uploads for banners, logos and rewards, and the previews' bytes. */
export const consoleImageRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  consoleRoute(
    app,
    consoleImages.upload,
    async (request) => {
      const bytes = Buffer.from(request.body.data_base64, "base64");
      try {
        const stored = await services.cmsEditor.uploadImage(bytes, request.body.file_name, actorOf(request));
        return ok({ token: stored.token, image_url: `/crm/media/${stored.token}` });
      } catch (error) {
        if (error instanceof ContentFieldError && error.rule === "imageTooLarge") {
          // The limit travels with the rule, as with a 413, so the console says it (MEDIA_MAX_BYTES).
          throw new AppError(ErrorCode.validation, {
            errors: [{ field: error.field, rule: error.rule }],
            max_bytes: services.config.MEDIA_MAX_BYTES,
          });
        }
        if (error instanceof ContentFieldError)
          throw validationError([{ field: error.field, rule: error.rule }]);
        throw error;
      }
    },
    // Base64 is 4/3 of the bytes; the media service checks the decoded size against MEDIA_MAX_BYTES.
    // Over the body limit Fastify answers 413 (4130) before reading it, with max_bytes to show.
    {
      bodyLimit: Math.ceil((services.config.MEDIA_MAX_BYTES * 4) / 3) + 4096,
      uploadMaxBytes: services.config.MEDIA_MAX_BYTES,
    },
  );

  consoleRoute(app, consoleImages.read, async (request, typedReply) => {
    // Bytes go out as they are, never an answer to serialise: Fastify's plain reply.
    const reply: FastifyReply = typedReply;
    const stored = await services.media.find(request.params.token);
    if (!stored) throw new AppError(ErrorCode.notFound);
    const bytes = Buffer.from(stored.bytes);
    return (
      reply
        .header("cache-control", "private, max-age=3600")
        // An SVG opened on its own must not run anything, whatever slipped past the sanitiser.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(detectImageType(bytes) ?? stored.content_type)
        .send(bytes)
    );
  });
};
