import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { requireLogin, rootLoader } from "./guard.ts";
import { RootError, RootLayout } from "./root-layout.tsx";
import { SCREENS, type Screen } from "./screens.ts";

/** What a page module exports as a screen's loader (screens.ts names it): it asks for the screen's data. */
type ScreenLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

/**
 * Every screen of screens.ts, lazy-loaded (one chunk per page module). `handle.title` is the
 * common:titles key of the document title. A screen with a loader or a login requirement gets
 * a route loader: the guard first (requireLogin for login-required screens), then the page's
 * own loader, so that the screen draws with its data (lib/query-client.ts, waitForData).
 */
const pages = import.meta.glob<Record<string, unknown>>("../features/*/*-page.tsx");

function exported<T>(module: Record<string, unknown>, name: string, page: string): T {
  const value = module[name];
  if (typeof value !== "function") throw new Error(`${page} exports no ${name}`);
  return value as T;
}

/** A screen in the app's query client; the landing screens draw without it (screens.ts). */
const queryClientProvider = () => import("../lib/query-client-provider.tsx");

const screen = ({ path, title, page, component, loader, login, landing }: Screen): RouteObject => {
  const load = pages[`../features/${page}`];
  if (!load) throw new Error(`screens.ts names a page that does not exist: ${page}`);
  const guard = login ? requireLogin : rootLoader;
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [module, provider] = await Promise.all([load(), landing ? null : queryClientProvider()]);
      const Screen = exported<ComponentType>(module, component, page);
      if (!provider) return { Component: Screen };
      const { WithQueryClient } = provider;
      return {
        element: (
          <WithQueryClient>
            <Screen />
          </WithQueryClient>
        ),
      };
    },
    ...((login || loader) && {
      loader: async (args: LoaderFunctionArgs) => {
        // The page's chunk loads while the guard runs; its loader asks once the guard has let the member in.
        const [module] = await Promise.all([load(), guard(args)]);
        if (loader) await exported<ScreenLoader>(module, loader, page)(args);
        return null;
      },
    }),
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
