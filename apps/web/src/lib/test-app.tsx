import type { Reply } from "@hcoins/web-kit/testing/mock-api";
import { renderRouter } from "@hcoins/web-kit/testing/render";
import type { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, type RouteObject, useLocation } from "react-router";
import { AlertProvider } from "../components/alert-provider.tsx";
import { queryClient } from "./query-client.ts";

/**
 * Test helpers (tests only): the member app's screens rendered in a memory router with its
 * providers. The fake server behind `fetch` (mockApi, ok, fail) is the web kit's
 * (@hcoins/web-kit/testing/mock-api), shared with the console.
 */

/** The custom API's Member calls: HTTP 200 with a domain code. */
export const memberCode = (code: number, message = ""): Reply => ({
  status: 200,
  body: { code, message, payload: {} },
});

/** Shows where the router ended up, for any path the test did not give a screen. */
function LocationProbe({ testId }: { testId: string }) {
  const location = useLocation();
  return <p data-testid={testId}>{location.pathname + location.search}</p>;
}

export interface RenderOptions {
  /** In StrictMode like the app (the default). */
  strict?: boolean;
  /** The test id of the probe shown for every other path. */
  probeTestId?: string;
  /** The query client (the app's by default); it is cleared first. */
  client?: QueryClient;
  /** Runs after the clear and before the render, e.g. to sign a member in. */
  seed?: (client: QueryClient) => void;
}

/** Renders `routes` (plus a probe for every other path) at `entry`, with the app's providers. */
export function renderApp(
  routes: RouteObject[],
  entry: string,
  { strict = true, probeTestId = "location", client = queryClient, seed }: RenderOptions = {},
) {
  client.clear();
  seed?.(client);
  const router = createMemoryRouter(
    [...routes, { path: "*", element: <LocationProbe testId={probeTestId} /> }],
    { initialEntries: [entry] },
  );
  return renderRouter(router, {
    client,
    strict,
    wrap: (children) => <AlertProvider>{children}</AlertProvider>,
  });
}
