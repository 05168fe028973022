/**
 * How long a screen's loader waits for its data. Lookups answer in tens of milliseconds, and
 * the screen then draws complete; a call that is slower than this lets the screen appear with
 * its loading line and fill in, as it did before it had a loader (the first load shows the
 * server's #boot paint meanwhile, and a navigation the screen being left).
 */
export const LOADER_PATIENCE_MS = 300;

/**
 * For route loaders: waits for the queries a screen reads (started by the caller, e.g. with
 * ensureQueryData), at most LOADER_PATIENCE_MS. Failures are not thrown: they stay in the
 * cache, and the screen shows them as it would its own.
 */
export async function waitForData(...loads: Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOADER_PATIENCE_MS);
  });
  await Promise.race([Promise.allSettled(loads), patience]);
  clearTimeout(timer);
}
