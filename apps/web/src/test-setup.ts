import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "./lib/i18n.ts";

// Component tests read the real catalogues; English unless a test switches.
await initI18n("en");

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
