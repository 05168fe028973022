import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createElement, type ReactNode, StrictMode } from "react";
import { type createMemoryRouter, RouterProvider } from "react-router";

/** A memory router, as a test builds it (its routes, entry and basename are the app's business). */
type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderRouterOptions {
  /** The query client the screens read from. */
  client: QueryClient;
  /** The app's own providers between the query client and the router (the member app's alerts). */
  wrap?: (children: ReactNode) => ReactNode;
  /** In StrictMode like the apps (the default). */
  strict?: boolean;
}

/** Renders a router inside the query client's provider, as both apps' main.tsx do. */
export function renderRouter(
  router: MemoryRouter,
  { client, wrap = (children) => children, strict = true }: RenderRouterOptions,
) {
  const providers = createElement(
    QueryClientProvider,
    { client },
    wrap(createElement(RouterProvider, { router })),
  );
  const view = render(strict ? createElement(StrictMode, null, providers) : providers);
  return { router, client, ...view };
}
