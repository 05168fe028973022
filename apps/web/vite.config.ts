import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { firstPaint } from "./first-paint-plugin.ts";
import { serviceWorker } from "./service-worker-plugin.ts";
import { shellChunk } from "./shell-chunk.ts";

// `npm run dev --workspace apps/web` proxies the API to a server started with `npm run dev`.
const api = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the highest level, so
  // the server sends them without compressing anything per request.
  plugins: [
    react(),
    firstPaint(),
    serviceWorker(),
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/, /index\.html$/] }),
  ],
  build: {
    outDir: "dist",
    sourcemap: true,
    target: "es2022",
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk("shell") }] } } },
  },
  server: {
    proxy: { "/crm": api, "/custom-api": api, "/dev": api },
  },
});
