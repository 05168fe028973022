/**
 * Where the service worker is served, at the root so that its scope is the whole app: the build
 * writes it there (service-worker-plugin.ts), the page registers it (installable-app.ts) and the
 * server sends it uncached (apps/server, modules/web).
 */
export const SERVICE_WORKER_FILE = "sw.js";
