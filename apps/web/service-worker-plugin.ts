import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Plugin, type Rollup, transformWithOxc } from "vite";
import { SCREENS } from "./src/app/screens.ts";
import { paths } from "./src/lib/paths.ts";
import { SERVICE_WORKER_FILE } from "./src/lib/service-worker-file.ts";

/**
 * Builds src/service-worker.ts into dist/sw.js with the build's facts in it: the files to keep on
 * the device (every output but source maps, compressed copies, index.html, which the server fills,
 * and the first paint's manifest), the app's screens, and a version that changes with any of them.
 * A hand-written worker rather than Workbox: the pages come from the server filled per path and
 * language (first paint, configuration, CSP), so Workbox's precached index.html does not fit, and
 * the rest is a few lines (docs/decisions/157-the-offline-member-card-a-hand-written-service-worker-not.md).
 */
export function serviceWorker(): Plugin {
  let publicDir = "";
  return {
    name: "service-worker",
    apply: "build",
    // After the other plugins' outputs (the first paint's manifest) are in the bundle.
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle: Rollup.OutputBundle) {
      const outputs = Object.values(bundle)
        .map((item) => item.fileName)
        .filter(
          (name) => !/\.(map|br|gz)$/.test(name) && !name.startsWith(".vite/") && name !== "index.html",
        );
      const publicFiles = listFiles(publicDir).map((file) => relative(publicDir, file));
      const files = [...outputs, ...publicFiles].sort().map((name) => `/${name}`);

      const version = createHash("sha256");
      for (const item of Object.values(bundle)) {
        version.update(item.fileName);
        version.update(item.type === "chunk" ? item.code : item.source);
      }
      for (const file of publicFiles) version.update(readFileSync(join(publicDir, file)));

      const sourceFile = join(import.meta.dirname, "src/service-worker.ts");
      const source = readFileSync(sourceFile, "utf8");
      version.update(source);
      const build = {
        version: version.digest("hex").slice(0, 16),
        files,
        screens: SCREENS.map((screen) => `/${screen.path.replace(/^\//, "")}`),
        cardPage: paths.qrcode,
      };
      const { code } = await transformWithOxc(source, sourceFile, { lang: "ts" });
      // The worker is a classic script (every browser with service workers runs those).
      const script = code
        .replace(/^export\s*\{\s*\};?\s*$/m, "")
        .replace("__SERVICE_WORKER_BUILD__", JSON.stringify(build));
      if (script.includes("__SERVICE_WORKER_BUILD__") || /^\s*(import|export)\b/m.test(script)) {
        throw new Error("service-worker: src/service-worker.ts must import nothing and export nothing");
      }
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER_FILE, source: script });
    },
  };
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
