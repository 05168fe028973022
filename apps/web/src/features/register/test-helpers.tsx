import type { Reply } from "@hcoins/web-kit/testing/mock-api";
import type { RouteObject } from "react-router";
import { createQueryClient } from "../../lib/query-client.ts";
import { renderApp } from "../../lib/test-app.tsx";

export { fail as failure, mockApi, ok, type Reply } from "@hcoins/web-kit/testing/mock-api";

/**
 * Test scaffolding of the register feature (the shared parts are in lib/test-app.tsx):
 * the screen with a fresh query client (other paths render a marker with their path and
 * query), and Member/* answers.
 */
export function renderScreen(routes: RouteObject[], initialEntry: string) {
  return renderApp(routes, initialEntry, {
    strict: false,
    probeTestId: "landed",
    client: createQueryClient(),
  });
}

/** Member/* answers: HTTP 200 with a domain code. */
export const memberCode = (code: number, payload: unknown = {}, message = ""): Reply => ({
  body: { code, message, payload },
});
