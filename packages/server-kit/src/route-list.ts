import type { FastifyInstance } from "fastify";

export interface RouteEntry {
  method: string;
  path: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, as Fastify's onRoute saw it (HEAD routes Fastify adds left out). */
    routeList(): readonly RouteEntry[];
  }
}

/**
 * Keeps the list of routes as they are registered, for the tests that walk every route (envelope,
 * fuzzing, permissions): Fastify offers no list of its own, only printRoutes()'s drawing of its
 * tree. Called on the root instance before any route, so every plugin's routes pass its hook.
 */
export function keepRouteList(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, path: route.url });
    }
  });
  app.decorate("routeList", () => routes);
}
