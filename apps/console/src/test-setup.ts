import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { changeLanguage, initI18n } from "./lib/i18n.ts";

// A screen's first draw waits for its lazily loaded module: on a busy two-core CI machine that can
// take longer than Testing Library's one-second default.
configure({ asyncUtilTimeout: 5_000 });

// Component tests read the real catalogues, in English unless a test switches.
await initI18n("en");

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await changeLanguage("en");
});
