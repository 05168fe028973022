import { LANGUAGES } from "@hcoins/domain/languages";
import { setUpDomTests } from "@hcoins/web-kit/testing/dom-setup";
import { initI18n, loadCatalogue, loadLazyTexts } from "./lib/i18n.ts";

// Component tests read the real catalogues; English unless a test switches (with all three loaded).
await initI18n("en");
await Promise.all([loadCatalogue("tc"), loadCatalogue("sc")]);
// The lazy texts too: screens rendered on their own have no route loader to load them.
await Promise.all(LANGUAGES.map((language) => loadLazyTexts(language)));

setUpDomTests();
