import { mediaAddress } from "@hcoins/domain/api/routes";
import { config } from "../lib/config.ts";

/** Image address of a media token, for <img src> (the app id in the query, not a header). */
export const mediaUrl = (token: string) => mediaAddress(config.crmBase, config.appId, token);
