import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run dev --workspace apps/web` proxies the API to a server started with `npm run dev`.
const api = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: {
    proxy: { "/crm": api, "/custom-api": api, "/dev": api },
  },
});
