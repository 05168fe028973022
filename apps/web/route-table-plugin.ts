import { fileURLToPath } from "node:url";
import type * as RouteTableModule from "@hcoins/domain/api/route-table";
import { type Plugin, runnerImport } from "vite";

const ROUTE_TABLE = fileURLToPath(new URL("../../packages/domain/src/api/route-table.ts", import.meta.url));
const CONTRACT_IMPORT = 'import { CONTRACT } from "./contract.ts";';

/**
 * The contract's route table (packages/domain/src/api/route-table.ts) without zod in the bundle:
 * the module derives every call's route from the contract's entries, and the build evaluates it
 * once and puts those routes, as plain data, where the module imports the contract. The app
 * shell's client then sends every call by name without loading a schema. Tests and the dev
 * server import the module as it is: the same table, derived with zod.
 */
export function routeTable(): Plugin {
  return {
    name: "route-table",
    apply: "build",
    // Before TypeScript is stripped: the import is replaced as the module writes it.
    enforce: "pre",
    async transform(code, id) {
      if (id !== ROUTE_TABLE) return null;
      if (!code.includes(CONTRACT_IMPORT))
        throw new Error(`route-table: ${id} no longer says ${CONTRACT_IMPORT}`);
      const { ROUTES } = (
        await runnerImport<typeof RouteTableModule>(ROUTE_TABLE, { configFile: false, logLevel: "error" })
      ).module;
      return code.replace(CONTRACT_IMPORT, `const CONTRACT = ${JSON.stringify(ROUTES)};`);
    },
  };
}
