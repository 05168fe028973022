import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { changeLanguage, initI18n } from "./lib/i18n.ts";

// Component tests read the real catalogues, in English unless a test switches.
await initI18n("en");

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await changeLanguage("en");
});
