import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a browser fetches to show a screen on a cold load, read from the build's
 * manifest (dist/.vite/manifest.json): the entry and everything it imports, the screen's lazy
 * chunk and its imports, and the largest language catalogue. Sizes are gzip at level 9, as the
 * build writes the .gz copies. Used by first-load.test.ts (the budget) and bench/page-weight.ts.
 */

/** Where members land first: each must show within the budget. */
export const LANDING_SCREENS = [
  { name: "welcome", path: "/", module: "src/features/welcome/welcome-page.tsx" },
  { name: "login", path: "/login", module: "src/features/login/login-phone-page.tsx" },
  { name: "register step 1", path: "/register", module: "src/features/register/register-phone-page.tsx" },
  { name: "download", path: "/download", module: "src/features/download/download-page.tsx" },
] as const;

export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

const LANGUAGE_MODULES = ["src/locales/en.ts", "src/locales/tc.ts", "src/locales/sc.ts"];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FirstLoad {
  files: { file: string; bytes: number }[];
  bytes: number;
}

export class WebBuild {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly gzipped = new Map<string, number>();

  constructor(private readonly distDir: string) {
    this.manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8"));
  }

  /** Every screen module the router loads lazily (src/features/…), as the manifest names it. */
  screenModules(): string[] {
    return Object.keys(this.manifest).filter(
      (key) => key.startsWith("src/features/") && this.chunk(key).isDynamicEntry,
    );
  }

  /** The modules loaded with the entry, before any screen. */
  entryModules(): Set<string> {
    const entry = Object.keys(this.manifest).find((key) => this.chunk(key).isEntry);
    if (!entry) throw new Error("the manifest has no entry");
    return this.closure(entry);
  }

  firstLoad(screenModule: string): FirstLoad {
    const keys = this.closure(screenModule, this.entryModules());
    const language = LANGUAGE_MODULES.map((module) => this.closure(module, new Set(keys))).reduce((a, b) =>
      this.bytesOf(a) >= this.bytesOf(b) ? a : b,
    );
    const files = [...language]
      .map((key) => this.chunk(key).file)
      .filter((file) => file.endsWith(".js"))
      .map((file) => ({ file, bytes: this.gzipBytes(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
  }

  private closure(key: string, into = new Set<string>()): Set<string> {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of this.chunk(key).imports ?? []) this.closure(imported, into);
    return into;
  }

  private bytesOf(keys: Set<string>): number {
    let bytes = 0;
    for (const key of keys) bytes += this.gzipBytes(this.chunk(key).file);
    return bytes;
  }

  private gzipBytes(file: string): number {
    let bytes = this.gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(this.distDir, file)), { level: 9 }).length;
      this.gzipped.set(file, bytes);
    }
    return bytes;
  }

  private chunk(key: string): ManifestChunk {
    const chunk = this.manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    return chunk;
  }
}
