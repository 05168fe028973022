import { setUpDomTests } from "@hcoins/web-kit/testing/dom-setup";
import { changeLanguage, initI18n } from "./lib/i18n.ts";

// Component tests read the real catalogues, in English unless a test switches.
await initI18n("en");

setUpDomTests({
  afterEach: () => changeLanguage("en"),
  // A screen's first draw waits for its lazily loaded module: on a busy two-core CI machine that
  // can take longer than Testing Library's one-second default.
  asyncUtilTimeout: 5_000,
});
