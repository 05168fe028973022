import "@testing-library/jest-dom/vitest";
import { LANGUAGES } from "@hcoins/domain/languages";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n, loadCatalogue, loadNamespace } from "./lib/i18n.ts";

// Component tests read the real catalogues; English unless a test switches (with all three loaded).
await initI18n("en");
await Promise.all([loadCatalogue("tc"), loadCatalogue("sc")]);
// The lazy namespaces too: screens rendered on their own have no route loader to load them.
const lazyNamespaces = new Set(
  Object.keys(import.meta.glob("./locales/*/lazy/*.json")).map(
    (file) => /(\w+)\.json$/.exec(file)?.[1] ?? "",
  ),
);
await Promise.all(
  [...lazyNamespaces].flatMap((namespace) => LANGUAGES.map((language) => loadNamespace(namespace, language))),
);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
