import type { RouteObject } from "react-router";
import { renderApp } from "../../lib/test-app.tsx";

export { fail as failure, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";

/** The subscription screens in the app's providers (other paths render a marker with their path and query). */
export function renderScreen(routes: RouteObject[], initialEntry: string) {
  return renderApp(routes, initialEntry, { strict: false, probeTestId: "landed" });
}
