import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { requireLogin, rootLoader } from "./guard.ts";
import { RootError, RootLayout } from "./root-layout.tsx";
import { SCREENS, type Screen } from "./screens.ts";

/** What React Router reads from a page module: its screen, and the loader that asks for its data before it draws. */
interface PageModule {
  Component: ComponentType;
  loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * Every screen of screens.ts, lazy-loaded (one chunk per page module). `handle.title` is the
 * `namespace:key` of the document title. Every screen's route loader runs the guard
 * (requireLogin for login-required screens), then the page's own loader if it exports one, so
 * that the screen draws with its data (lib/query-client.ts, waitForData).
 */
const pages = import.meta.glob<PageModule>("../features/*/*-page.tsx");

/** A screen in the app's query client; the landing screens draw without it (screens.ts). */
const queryClientProvider = () => import("../lib/query-client-provider.tsx");

const screen = ({ path, title, page, login, landing }: Screen): RouteObject => {
  const load = pages[`../features/${page}`];
  if (!load) throw new Error(`screens.ts names a page that does not exist: ${page}`);
  const guard = login ? requireLogin : rootLoader;
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [{ Component }, provider] = await Promise.all([load(), landing ? null : queryClientProvider()]);
      if (!provider) return { Component };
      const { WithQueryClient } = provider;
      return {
        element: (
          <WithQueryClient>
            <Component />
          </WithQueryClient>
        ),
      };
    },
    // A loader of the router's own rather than the page's (which lazy could add): the page's
    // chunk loads while the guard runs, and its loader asks once the guard has let the member in.
    loader: async (args: LoaderFunctionArgs) => {
      const [module] = await Promise.all([load(), guard(args)]);
      await module.loader?.(args);
      return null;
    },
  };
};

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootError,
    // The first load waits for the guard (language, maintenance, token login, the stored
    // member's profile) and the screen's loader: the page appears once it has decided where the
    // visitor goes and has what it draws.
    HydrateFallback: () => null,
    loader: rootLoader,
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
    children: SCREENS.map(screen),
  },
];

/** Created after i18n is ready: the root loader runs as soon as a router exists. */
export const createRouter = () => createBrowserRouter(routes);
