import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { requireLogin, rootLoader } from "./guard.ts";
import { RootError, RootLayout } from "./root-layout.tsx";
import { SCREENS, type Screen } from "./screens.ts";

/**
 * Every screen of screens.ts, lazy-loaded (one chunk per page module). `handle.title` is
 * the common:titles key of the document title; login-required screens use the requireLogin loader.
 */
const pages = import.meta.glob<Record<string, ComponentType>>("../features/*/*-page.tsx");

const screen = ({ path, title, page, component, login }: Screen): RouteObject => {
  const load = pages[`../features/${page}`];
  if (!load) throw new Error(`screens.ts names a page that does not exist: ${page}`);
  return {
    path,
    handle: { title },
    lazy: async () => {
      const Component = (await load())[component];
      if (!Component) throw new Error(`${page} exports no ${component}`);
      return { Component };
    },
    ...(login ? { loader: requireLogin } : {}),
  };
};

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootError,
    // The first load waits for the guard (language, maintenance, token login, the stored
    // member's profile): the page appears once it has decided where the visitor goes.
    HydrateFallback: () => null,
    loader: rootLoader,
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
    children: SCREENS.map(screen),
  },
];

/** Created after i18n is ready: the root loader runs as soon as a router exists. */
export const createRouter = () => createBrowserRouter(routes);
