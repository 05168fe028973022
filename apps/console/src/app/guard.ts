import type { QueryClient } from "@tanstack/react-query";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { sessionQuery } from "../api/session.ts";
import { screenPath, signInPath } from "../lib/paths.ts";

/** The shell's loader: no session, to sign-in (and back here after it). */
export const requireSession =
  (client: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const operator = await client.ensureQueryData(sessionQuery);
    if (!operator) throw redirect(signInPath(screenPath(new URL(request.url))));
    return null;
  };
