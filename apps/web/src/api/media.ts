import { ROUTES } from "@hcoins/domain/api/routes";
import { config } from "../lib/config.ts";

/** Image address of a media token, for <img src>: no Authorization header, the app id in the query. */
export const mediaUrl = (token: string) =>
  `${config.crmBase}${ROUTES.media.path.replace(":token", encodeURIComponent(token))}?app_id=${encodeURIComponent(config.appId)}`;
