import { fileURLToPath } from "node:url";
import { FIRST_LOAD_BUDGET_BYTES, LANDING_SCREENS, WebBuild } from "../apps/web/first-load.ts";
import type { Figure } from "./figures.ts";

/**
 * First-load JavaScript (gzip) of each landing screen, from the build's manifest, against the
 * budget apps/web/first-load.test.ts holds them to (issue 18's 120 KB), and the QR page beside
 * them: a member reaches it logged in, from a landing screen or the installed app, with the
 * shell already on the device (the service worker's precache), so it has no target.
 */
export function pageWeight(): Figure[] {
  const build = new WebBuild(fileURLToPath(new URL("../apps/web/dist", import.meta.url)));
  const weight = (module: string) => {
    const { bytes, files } = build.firstLoad(module);
    return { bytes, value: `${(bytes / 1024).toFixed(1)} KB in ${files.length} files` };
  };
  const landing = LANDING_SCREENS.map(({ name, path, module }): Figure => {
    const { bytes, value } = weight(module);
    return {
      name: `${name} (${path})`,
      value: `${value} = ${(bytes / FIRST_LOAD_BUDGET_BYTES).toFixed(2)} × the budget`,
      target: `≤ ${FIRST_LOAD_BUDGET_BYTES / 1024} KB`,
      pass: bytes <= FIRST_LOAD_BUDGET_BYTES,
    };
  });
  const qr = weight("src/features/qrcode/qrcode-page.tsx");
  return [...landing, { name: "QR page (/qrcode), cold, for comparison", value: qr.value }];
}
