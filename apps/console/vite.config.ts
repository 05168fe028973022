import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// `npm run dev --workspace apps/console` proxies the console API to a server started with `npm run dev`.
const api = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  // Served by the member server at /console (apps/server/src/modules/console-web), apart from the
  // member app's files: nothing here is ever loaded by a member page.
  base: "/console/",
  plugins: [
    react(),
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/, /index\.html$/] }),
  ],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: { proxy: { "/console/api": api } },
});
