import { setUpDomTests } from "@hcoins/web-kit/testing/dom-setup";
import { changeLanguage, initI18n } from "./lib/i18n.ts";

// Component tests read the real catalogues, in English unless a test switches.
await initI18n("en");

setUpDomTests({ afterEach: () => changeLanguage("en") });
