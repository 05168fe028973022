import { z } from "zod";
import { ROUTES } from "./routes.ts";

/** An image's bytes, for <img src>: the app id travels in the query, not in a header. */
export const media = {
  ...ROUTES.media,
  params: z.object({ token: z.string() }),
  query: z.object({ app_id: z.string().optional() }),
  answer: z.string().meta({ format: "binary", description: "The image's bytes" }),
};
