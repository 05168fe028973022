import { mediaAddress } from "@hcoins/domain/api/route-table";
import { config } from "../lib/config.ts";

/** Image address of a media token, for <img src> (the app id in the query, not a header). */
export const mediaUrl = (token: string) => mediaAddress(config.crmBase, config.appId, token);

const MEDIA_PATH = /^\/crm\/media\/([0-9a-f]{64})$/;

/**
 * An image address the server names (a reward's picture): its own media (`/crm/media/<token>`)
 * needs the app id in the query and this app's CRM base; any other address stays as it is.
 */
export function imageAddress(address: string): string {
  const token = MEDIA_PATH.exec(address)?.[1];
  return token ? mediaUrl(token) : address;
}
