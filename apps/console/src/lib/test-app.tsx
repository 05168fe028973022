import {
  CONSOLE_API,
  type ConsoleOperator,
  type OperatorRole,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { type Handler, mockApi as mockKitApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { renderRouter } from "@hcoins/web-kit/testing/render";
import { createMemoryRouter } from "react-router";
import { setCsrfToken } from "../api/client.ts";
import { routes } from "../app/router.tsx";
import { returnToSignInOnUnauthorized } from "../app/unauthorized.ts";
import { BASENAME } from "./paths.ts";
import { createQueryClient } from "./query-client.ts";

/**
 * Test helpers (tests only): the console rendered at an address with its real routes, and the
 * web kit's fake of the server behind `fetch` (@hcoins/web-kit/testing/mock-api, shared with the
 * member app) at the console API's address.
 */

/** The kit's fetch stub, keyed by the path after /console/api. */
export const mockApi = (handlers: Record<string, Handler>) => mockKitApi(handlers, { prefix: CONSOLE_API });

export const CSRF = "csrf-token-1";

export const operatorOf = (role: OperatorRole, email = `${role}@example.com`): ConsoleOperator => ({
  id: 7,
  email,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});

/** The session answer of a signed-in operator. */
export const session = (role: OperatorRole) => ok({ operator: operatorOf(role), csrf_token: CSRF });

/** The console at `entry` (a path under /console), with its real routes, query client and 401 handling. */
export function renderConsole(entry: string) {
  setCsrfToken(null);
  const client = createQueryClient();
  const router = createMemoryRouter(routes(client), {
    basename: BASENAME,
    initialEntries: [`${BASENAME}${entry}`],
  });
  returnToSignInOnUnauthorized(router, client);
  return renderRouter(router, { client });
}
