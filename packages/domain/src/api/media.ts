import { z } from "zod";
import { crm } from "./routes.ts";

/** An image's bytes, for <img src>: the app id travels in the query, not in a header. */
export const media = {
  ...crm("GET", "/media/:token", "appIdInQuery"),
  tags: ["content"],
  summary: "An image (banner, store picture, CMS image)",
  description:
    "No Authorization header: `app_id` must be a known app id (else 401/4010). Content-Type comes from the stored bytes; `ETag` is the token; `If-None-Match` with it answers 304. Unknown token: 404/4040.",
  params: z.object({ token: z.string() }),
  query: z.object({ app_id: z.string().optional() }),
  answer: z.string().meta({ format: "binary", description: "The image's bytes" }),
};
