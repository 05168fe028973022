import { fileURLToPath } from "node:url";
import { FIRST_LOAD_BUDGET_BYTES, LANDING_SCREENS, WebBuild } from "../apps/web/first-load.ts";
import type { Figure } from "./figures.ts";

/** Issue 18's target for each landing screen; the budget test holds FIRST_LOAD_BUDGET_BYTES until it is reached. */
const TARGET_BYTES = 120 * 1024;

/**
 * First-load JavaScript (gzip) of each landing screen, from the build's manifest, against the
 * target and the budget (the figures apps/web/first-load.test.ts holds to it), and the QR page
 * beside them.
 */
export function pageWeight(): Figure[] {
  const build = new WebBuild(fileURLToPath(new URL("../apps/web/dist", import.meta.url)));
  const screens = [
    ...LANDING_SCREENS,
    { name: "QR page", path: "/qrcode", module: "src/features/qrcode/qrcode-page.tsx" },
  ];
  return screens.map(({ name, path, module }) => {
    const { bytes, files } = build.firstLoad(module);
    const share = bytes / FIRST_LOAD_BUDGET_BYTES;
    return {
      name: `${name} (${path})`,
      value: `${(bytes / 1024).toFixed(1)} KB in ${files.length} files = ${share.toFixed(2)} × the ${FIRST_LOAD_BUDGET_BYTES / 1024} KB budget`,
      target: `≤ ${TARGET_BYTES / 1024} KB`,
      pass: bytes <= TARGET_BYTES,
    };
  });
}
