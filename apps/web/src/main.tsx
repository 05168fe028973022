import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "./api/client.ts";
import { createRouter } from "./app/router.tsx";
import { AlertProvider } from "./components/alert-provider.tsx";
import { initI18n } from "./lib/i18n.ts";
import { initialLanguage } from "./lib/language.ts";
import { paths } from "./lib/paths.ts";
import "./styles.css";

// The app's CSP allows no eval: zod must not even try its compiled parsers (the try alone is
// reported as a CSP violation). zod reads this global when it first loads, which is in a lazy
// screen's chunk, after this line (the e2e journeys check that the CSP refused nothing). Setting
// the global rather than calling zod's config() keeps zod out of the screens that need none.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// The installable app (manifest, service worker for the offline member card) waits for the page to
// have loaded: nothing of it is needed to draw the first screen, nor weighs on its download.
if (import.meta.env.PROD) {
  const start = () => void import("./lib/installable-app.ts").then((module) => module.startInstallableApp());
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

await initI18n(initialLanguage(window.location.search));
const router = createRouter();

// A 401 sends the member to log in, but not during the first load: its loaders decide where the
// visitor goes (the guard may yet sign in with a message in the address; requireLogin sends a
// visitor to /login with the way back), and a navigation now would cut them short.
// The user info is in TanStack Query's cache, which a 401 (an answer to a call with a session)
// finds loaded; the import only waits for a module that is there.
setUnauthorizedHandler(() => {
  void import("./api/profile.ts").then(({ clearUser }) => clearUser());
  if (router.state.initialized && window.location.pathname !== paths.login) router.navigate(paths.login);
});

// The first render as a transition: React then yields to the browser every few milliseconds
// instead of holding the main thread for the whole tree (one long task on a slow phone).
const root = createRoot(document.getElementById("root") as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </StrictMode>,
  ),
);
