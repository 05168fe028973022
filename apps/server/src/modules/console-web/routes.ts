import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import { CONSOLE_API } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";

/** Where the console lives (apps/console/vite.config.ts `base`). */
export const CONSOLE_BASE = "/console";

/**
 * Serves the built operators' console (apps/console) at /console, apart from the member app:
 * its hashed assets under /console/assets/ with a year of caching, and its index.html (never
 * cached, with a CSP of its own) for every screen path. /console/api/ is the console API's
 * (modules/console-api): a path there that no route takes is the API's JSON 404, never the page.
 */
export const consoleWebRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const root = resolve(config.CONSOLE_DIST_DIR);
  const indexFile = join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, "console not built: run `npm run build` (npm start does)");
    // Still the console's paths: the member app's page must not answer for them.
    const notBuilt = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
    app.get(CONSOLE_BASE, { schema: { hide: true } }, notBuilt);
    app.get(`${CONSOLE_BASE}/*`, { schema: { hide: true } }, notBuilt);
    return;
  }
  const html = readFileSync(indexFile, "utf8");
  // Inline scripts, if a build ever writes one, are allowed by their hash and nothing else is.
  const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = ""]) => ` 'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
  // Stricter than the member app's: no inline style either (the console sets none), nothing framed, no plugin.
  const csp = [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.join("")}`,
    "style-src 'self'",
    // The authenticator's QR code is an SVG data: URL (lean-qr).
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");

  await app.register(async (files) => {
    files.addHook("onRoute", (route) => {
      route.config = { ...route.config, staticFile: true };
    });
    await files.register(fastifyStatic, {
      root,
      prefix: `${CONSOLE_BASE}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ["index.html", "**/*.br", "**/*.gz"],
      setHeaders: (reply, path) => {
        if (path.startsWith(join(root, "assets")))
          reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    // An API path no route took, or a missing asset: a 404, not the page.
    if (
      path === CONSOLE_API ||
      path.startsWith(`${CONSOLE_API}/`) ||
      path.startsWith(`${CONSOLE_BASE}/assets/`)
    )
      return reply.callNotFound();
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", csp)
      .header("x-robots-tag", "noindex")
      .send(html);
  };
  app.get(CONSOLE_BASE, { schema: { hide: true } }, page);
  app.get(`${CONSOLE_BASE}/*`, { schema: { hide: true } }, page);
};
