import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n, loadCatalogue } from "./lib/i18n.ts";

// Component tests read the real catalogues; English unless a test switches (with all three loaded).
await initI18n("en");
await Promise.all([loadCatalogue("tc"), loadCatalogue("sc")]);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
