import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rollup } from "vite";
import { SCREENS } from "./src/app/screens.ts";

/**
 * Writes dist/.vite/screens.json: for each screen path, the chunks its page needs beyond
 * those index.html already preloads, and the same for each language's catalogue. The server
 * (modules/web/routes.ts) lists them as <link rel="modulepreload"> in the page it sends, so
 * the browser fetches the screen with the app shell instead of after it. Screens with an
 * intro also get their heading and intro in each language, which the server draws in the
 * page's first paint.
 */
export interface ScreenPreloads {
  screens: { path: string; files: string[]; boot?: Record<string, BootText> }[];
  catalogues: Record<string, string[]>;
}

/** A screen's heading and intro, in one language, for the page's first paint (#boot). */
interface BootText {
  title: string;
  intro: string;
}

// The app's languages (LANGUAGES in @hcoins/domain, which the build's config cannot import:
// Node loads a workspace package's TypeScript as is).
const LANGUAGES = ["en", "tc", "sc"];

export function screenPreloads(): Plugin {
  const source = join(import.meta.dirname, "src");
  return {
    name: "screen-preloads",
    apply: "build",
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
      if (!entry) throw new Error("screen-preloads: no entry chunk");
      const withEntry = closure(entry);
      const filesOf = (module: string) => {
        const chunk = chunks.find((item) => item.facadeModuleId === join(source, module));
        if (!chunk) throw new Error(`screen-preloads: no chunk for ${module}`);
        return [...closure(chunk)].filter((file) => !withEntry.has(file)).map((file) => `/${file}`);
      };
      const preloads: ScreenPreloads = {
        screens: SCREENS.map(({ path, page, title, intro }) => ({
          path,
          files: filesOf(`features/${page}`),
          ...(intro && {
            boot: Object.fromEntries(
              LANGUAGES.map((language) => [
                language,
                {
                  title: text(source, language, `common:titles.${title}`),
                  intro: text(source, language, intro),
                },
              ]),
            ),
          }),
        })),
        catalogues: Object.fromEntries(
          LANGUAGES.map((language) => [language, filesOf(`locales/${language}.ts`)]),
        ),
      };
      this.emitFile({ type: "asset", fileName: ".vite/screens.json", source: JSON.stringify(preloads) });
    },
  };
}

/** The text of `namespace:dotted.key` in a language's catalogue (src/locales/<language>/<namespace>.json). */
function text(source: string, language: string, key: string): string {
  const [namespace, path = ""] = key.split(":");
  const catalogue = JSON.parse(readFileSync(join(source, "locales", language, `${namespace}.json`), "utf8"));
  const value = path.split(".").reduce((node, part) => node?.[part], catalogue);
  if (typeof value !== "string") throw new Error(`screen-preloads: no text ${key} in ${language}`);
  return value;
}
