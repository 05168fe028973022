import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/browser.ts";
import type { JourneyOptions } from "./e2e/support/suite.ts";

/**
 * The browser journeys (e2e/*.e2e.ts) in Debian's Chromium. One project per language: tc runs every
 * journey; en and sc only those tagged @smoke (sign-in, registration, the member QR code, the
 * 320 px layout), since the screen tests check every text in every language and running each flow
 * three times only repeated it. E2E_EVERY_LANGUAGE=1 runs every journey in all three (before a
 * release); `--project tc` one language.
 */
const ci = Boolean(process.env.CI);
const everyLanguage = Boolean(process.env.E2E_EVERY_LANGUAGE);

export default defineConfig<JourneyOptions>({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // Generous: CI shares two cores among every suite; a journey is a person's whole task.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A file's journeys share its server (journeySuite) and run in order; files run side by side.
  fullyParallel: false,
  // Each worker runs a server and a Chromium: two keep the machine's two cores busy.
  workers: 2,
  forbidOnly: ci,
  // One more try in CI; the list reporter marks the retry and counts the journey as flaky.
  retries: ci ? 1 : 0,
  reporter: [["list", { printSteps: false }]],
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The failed try's trace (test-results/…/trace.zip): npx playwright show-trace <file>.
    trace: "retain-on-failure",
  },
  projects: [
    { name: "tc", use: { language: "tc" } },
    { name: "en", use: { language: "en" }, ...(everyLanguage ? {} : { grep: /@smoke/ }) },
    { name: "sc", use: { language: "sc" }, ...(everyLanguage ? {} : { grep: /@smoke/ }) },
  ],
});
