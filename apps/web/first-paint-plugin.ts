import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Plugin, type Rollup, runnerImport } from "vite";
import type * as FirstPaintModule from "./src/app/first-paint.ts";

/**
 * The build's part of the first paint (src/app/first-paint.ts, which says what it holds): the
 * manifest the server reads to draw each page, and index.html's early script. This file only
 * knows the bundle: which chunks a module needs, and where the catalogues' texts are.
 *
 * The first-paint module is loaded through Vite's module runner as the build starts: it
 * imports the domain package's TypeScript, which Node cannot load from a config file's imports.
 */
export function firstPaint(): Plugin {
  const source = join(import.meta.dirname, "src");
  let paint: typeof FirstPaintModule;
  return {
    name: "first-paint",
    apply: "build",
    async buildStart() {
      const module = fileURLToPath(new URL("./src/app/first-paint.ts", import.meta.url));
      paint = (await runnerImport<typeof FirstPaintModule>(module, { configFile: false, logLevel: "error" }))
        .module;
    },
    // Right after the configuration the server puts in: the script reads it.
    transformIndexHtml: (html) =>
      html.replace(paint.SLOTS.config, `${paint.SLOTS.config}<script>${paint.earlyScript()}</script>`),
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === "chunk",
      );
      const closure = (chunk: Rollup.OutputChunk, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === "chunk") closure(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("first-paint: no entry chunk");
      const withEntry = closure(entry);
      const manifest = paint.firstPaintManifest({
        filesOf(module) {
          const chunk = chunks.find((item) => item.facadeModuleId === join(source, module));
          if (!chunk) throw new Error(`first-paint: no chunk for ${module}`);
          return [...closure(chunk)].filter((file) => !withEntry.has(file)).map((file) => `/${file}`);
        },
        text: (language, key) => text(source, language, key),
      });
      this.emitFile({ type: "asset", fileName: paint.MANIFEST_FILE, source: JSON.stringify(manifest) });
    },
  };
}

/**
 * The text of `namespace:dotted.key` in a language's catalogue: src/locales/<language>/<namespace>.json,
 * or lazy/<namespace>.json for the namespaces the landing pages never load (a screen's title is in its own).
 */
function text(source: string, language: string, key: string): string {
  const [namespace, path = ""] = key.split(":");
  const file = [
    join(source, "locales", language, `${namespace}.json`),
    join(source, "locales", language, "lazy", `${namespace}.json`),
  ].find(existsSync);
  if (!file) throw new Error(`first-paint: no catalogue ${namespace} in ${language}`);
  const catalogue = JSON.parse(readFileSync(file, "utf8"));
  const value = path.split(".").reduce((node, part) => node?.[part], catalogue);
  if (typeof value !== "string") throw new Error(`first-paint: no text ${key} in ${language}`);
  return value;
}
