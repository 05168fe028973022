import type { QueryClient } from "@tanstack/react-query";
import type { createBrowserRouter } from "react-router";
import { setUnauthorizedHandler } from "../api/client.ts";
import { sessionQuery } from "../api/session.ts";
import { screenPath, signInPath } from "../lib/paths.ts";

type Router = Pick<ReturnType<typeof createBrowserRouter>, "state" | "navigate">;

/** A 401 anywhere (the session expired or was ended): to sign-in, and back to this screen after it. */
export function returnToSignInOnUnauthorized(router: Router, client: QueryClient) {
  setUnauthorizedHandler(() => {
    client.setQueryData(sessionQuery.queryKey, null);
    const here = screenPath(router.state.location);
    if (router.state.initialized && !here.startsWith("/sign-in") && !here.startsWith("/invitation"))
      void router.navigate(signInPath(here));
  });
}
