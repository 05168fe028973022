import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { firstPaint } from "./first-paint-plugin.ts";
import { routeTable } from "./route-table-plugin.ts";
import { serviceWorker } from "./service-worker-plugin.ts";
import { shellChunk } from "./shell-chunk.ts";

const QUERIES =
  /\/node_modules\/@tanstack\/|\/src\/lib\/query-client(-provider)?\.tsx?$|\/src\/api\/profile\.ts$/;

// `npm run dev --workspace apps/web` proxies the API to a server started with `npm run dev`.
const api = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the highest level, so
  // the server sends them without compressing anything per request.
  plugins: [
    react(),
    firstPaint(),
    routeTable(),
    serviceWorker(),
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/, /index\.html$/] }),
  ],
  build: {
    outDir: "dist",
    sourcemap: true,
    target: "es2022",
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: shellChunk("shell") },
            // What every screen but the landing ones draws in (router.tsx): TanStack Query, the app's
            // client and its provider, and the member's profile the guard loads with a session, as
            // one file instead of five (the QR page is opened on a phone's network).
            { name: "queries", test: QUERIES },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/crm": api, "/custom-api": api, "/dev": api },
  },
});
