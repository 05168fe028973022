import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createRouter } from "./app/router.tsx";
import { returnToSignInOnUnauthorized } from "./app/unauthorized.ts";
import { initI18n, initialLanguage } from "./lib/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./styles.css";

// The console's CSP allows no eval: zod must not try its compiled parsers (the try alone is a violation).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

await initI18n(initialLanguage());
const queryClient = createQueryClient();
const router = createRouter(queryClient);

returnToSignInOnUnauthorized(router, queryClient);

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
