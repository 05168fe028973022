import type { Rolldown } from "vite";

/**
 * Names one chunk for every module the app's entry (main.tsx) loads statically: the shell
 * that every screen needs. Left to itself the bundler splits the shell by which lazy screens
 * also import each part, into a dozen files of a few hundred bytes to 30 KB; each is a
 * request before the first render, and on a slow mobile network each costs a round trip.
 * As one chunk beside the entry's, the first load is the same bytes in fewer files.
 */
export function shellChunk(name: string) {
  // One answer per module and chunking pass (a watching build chunks again with a new context).
  const passes = new WeakMap<Rolldown.ChunkingContext, Map<string, boolean>>();
  const reachedFromEntry = (id: string, ctx: Rolldown.ChunkingContext): boolean => {
    let reached = passes.get(ctx);
    if (!reached) {
      reached = new Map();
      passes.set(ctx, reached);
    }
    const known = reached.get(id);
    if (known !== undefined) return known;
    reached.set(id, false); // an import cycle proves nothing either way
    const info = ctx.getModuleInfo(id);
    const result =
      info !== null && (info.isEntry || info.importers.some((importer) => reachedFromEntry(importer, ctx)));
    reached.set(id, result);
    return result;
  };
  // The entry is index.html; the module it loads (main.tsx) stays in the entry chunk.
  const isEntryOrItsModule = (info: Rolldown.ModuleInfo, ctx: Rolldown.ChunkingContext) =>
    info.isEntry || info.importers.some((importer) => ctx.getModuleInfo(importer)?.isEntry);
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    const info = ctx.getModuleInfo(id);
    return info && !isEntryOrItsModule(info, ctx) && reachedFromEntry(id, ctx) ? name : null;
  };
}
