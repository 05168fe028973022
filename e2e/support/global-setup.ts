import { existsSync } from "node:fs";
import { assertChromium } from "./browser.ts";

/**
 * Before any worker starts: what every journey needs and a fresh machine may lack, said once
 * rather than as a failure per file. The journeys start their own servers (journeySuite), which
 * serve the built web app and console: `npm test` builds both first.
 */
export default function globalSetup() {
  assertChromium();
  for (const dist of ["apps/web/dist", "apps/console/dist"]) {
    if (!existsSync(`${dist}/index.html`))
      throw new Error(
        `No build in ${dist}: npm run build --workspace apps/web --workspace apps/console (npm test does)`,
      );
  }
}
