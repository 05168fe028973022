import type { Contract, RouteName } from "./contract.ts";
import { CONTRACT } from "./contract.ts";
import type { ApiRoute } from "./routes.ts";

/** A call's route as the contract declares it: method, base, path and access, without its schemas. */
export type RouteOf<Name extends RouteName> = Pick<Contract[Name], keyof ApiRoute>;

/**
 * Every call's route by its name, derived from the contract: what the web app's one HTTP
 * client needs to send a call. The client is part of the app shell, which stays free of zod
 * (first-load budget, CSP): the web build puts the contract's routes alone in the place of the
 * contract's import above (apps/web/route-table-plugin.ts), so that a route is written once,
 * in its area module's entry, and the shell still ships no schema.
 */
export const ROUTES = Object.fromEntries(
  Object.entries(CONTRACT).map(([name, { method, base, path, access }]) => [
    name,
    { method, base, path, access },
  ]),
) as { [Name in RouteName]: RouteOf<Name> };

/**
 * An image's address for <img src>, below the CRM base the web app is configured with: an image
 * request sends no Authorization header, so the app id goes in the query.
 */
export const mediaAddress = (crmBase: string, appId: string, token: string) =>
  `${crmBase}${ROUTES.media.path.replace(":token", encodeURIComponent(token))}?app_id=${encodeURIComponent(appId)}`;
