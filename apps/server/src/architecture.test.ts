import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/*
 * The import rules of ARCHITECTURE.md are Biome's noRestrictedImports, configured per folder in
 * biome.json's overrides and checked by `npm run lint`. This shows that each rule refuses what it
 * should and lets the allowed imports through: a probe file with one import is written into each
 * zone, Biome lints the probes, and every forbidden import must fail with the rule and its reason.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const BIOME = join(ROOT, "node_modules/@biomejs/biome/bin/biome");
const RULE = "lint/style/noRestrictedImports";

interface Probe {
  /** The folder the probe file goes in, from the repository root. */
  zone: string;
  from: string;
  /** A text of the refusal's message; undefined: the import is allowed. */
  refused?: string;
}

const DOMAIN = "packages/domain imports nothing of ours";
const SHARED = "components, lib and api are shared by the screens";
const FEATURE_APP = "A feature never imports src/app";
const FEATURES = "A feature never imports another feature";
const MODULES = "call the owning module's service.ts, never its repository.ts or tables.ts";
const CLI = "The command line calls services";
const SCHEME = "The coin scheme is a system of its own";
const KIT = "The server kit serves the member server and the coin scheme, and imports neither";
const SCHEME_FILES = "The coin scheme's public pieces are its package's exports";

const PROBES: Probe[] = [
  // (a) packages/domain imports nothing of ours
  { zone: "packages/domain/src", from: "@hcoins/server-kit/env", refused: DOMAIN },
  { zone: "packages/domain/src/api", from: "../../../../apps/server/src/errors.ts", refused: DOMAIN },
  { zone: "packages/domain/src", from: "zod" },
  // (b) web: components, lib and api import no screens; a feature imports neither the app nor another feature
  { zone: "apps/web/src/lib", from: "../features/login/login-urls.ts", refused: SHARED },
  { zone: "apps/web/src/components", from: "../app/router.tsx", refused: SHARED },
  { zone: "apps/web/src/api", from: "../lib/config.ts" },
  { zone: "apps/web/src/features/login", from: "../../app/router.tsx", refused: FEATURE_APP },
  { zone: "apps/web/src/features/login", from: "../register/registration-payload.ts", refused: FEATURES },
  { zone: "apps/web/src/features/login", from: "../../lib/session.ts" },
  { zone: "apps/web/src/features/login", from: "./login-urls.ts" },
  // (c) a server module calls another's service, never its repository or tables
  { zone: "apps/server/src/modules/auth", from: "../members/repository.ts", refused: MODULES },
  { zone: "apps/server/src/modules/auth", from: "../members/tables.ts", refused: MODULES },
  { zone: "apps/server/src/seed", from: "../modules/stores/repository.ts", refused: MODULES },
  { zone: "apps/server/src/modules/auth", from: "../members/service.ts" },
  { zone: "apps/server/src/modules/auth", from: "./repository.ts" },
  // (d) the command line calls services: no database layer, repository or table
  { zone: "apps/server/src/cli", from: "kysely", refused: CLI },
  { zone: "apps/server/src/cli", from: "@hcoins/server-kit/database", refused: CLI },
  { zone: "apps/server/src/cli", from: "../db/migrate.ts", refused: CLI },
  { zone: "apps/server/src/cli", from: "../modules/members/repository.ts", refused: CLI },
  { zone: "apps/server/src/cli", from: "../modules/members/service.ts" },
  { zone: "apps/server/src/cli", from: "../services.ts" },
  // (e) the coin scheme and the server kit
  { zone: "apps/coin-scheme/src", from: "@hcoins/server/services", refused: SCHEME },
  { zone: "packages/server-kit/src", from: "@hcoins/coin-scheme/embedded", refused: KIT },
  {
    zone: "apps/server/src/modules/coins",
    from: "../../../../coin-scheme/src/service.ts",
    refused: SCHEME_FILES,
  },
  { zone: "apps/server/src/cli", from: "../../../coin-scheme/src/service.ts", refused: SCHEME_FILES },
  { zone: "apps/server/src/modules/coins", from: "@hcoins/coin-scheme/embedded" },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** Biome's diagnostics for the files (its JSON report; it exits 1 when any is an error). */
async function lint(files: string[]): Promise<Diagnostic[]> {
  const output = await promisify(execFile)(process.execPath, [BIOME, "lint", "--reporter=json", ...files], {
    cwd: ROOT,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return (JSON.parse(output.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe("the import rules (biome.json)", () => {
  it("refuse one forbidden import per rule, naming the rule and why, and let the allowed ones through", async () => {
    const tag = randomBytes(4).toString("hex");
    const files = PROBES.map((probe, index) => join(probe.zone, `architecture-probe-${tag}-${index}.ts`));
    try {
      await Promise.all(
        PROBES.map((probe, index) =>
          writeFile(
            join(ROOT, files[index] as string),
            `import { probe } from "${probe.from}";\n\nexport const used = probe;\n`,
          ),
        ),
      );
      const diagnostics = await lint(files);
      for (const [index, probe] of PROBES.entries()) {
        const found = diagnostics
          .filter((diagnostic) => diagnostic.location.path === files[index])
          .map(({ category, message }) => ({ category, message }));
        const what = `${probe.zone}: import from "${probe.from}"`;
        if (probe.refused === undefined) expect(found, what).toEqual([]);
        else
          expect(found, what).toEqual([{ category: RULE, message: expect.stringContaining(probe.refused) }]);
      }
    } finally {
      await Promise.all(files.map((file) => rm(join(ROOT, file), { force: true })));
    }
  });
});
