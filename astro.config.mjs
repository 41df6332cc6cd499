// @ts-check
import { defineConfig } from "astro/config";
import { loadEnv } from "vite";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import buildOutput from "./src/integrations/build-output.ts";
import cms from "./src/cms/integration.ts";

// PUBLIC_SUPABASE_URL as the pages get it (process env, else .env): the content-security
// policy lets the browser reach it (API, realtime websocket, storage images).
const env = { ...loadEnv("production", process.cwd(), "PUBLIC_"), ...process.env };

// Static pages by default; the node adapter serves only the routes that opt out of
// prerendering (the dashboard shell, /semestre/[id], /virtual-class/[id], the CMS at /keystatic).
export default defineConfig({
  site: process.env.SITE_URL ?? "http://127.0.0.1:4321",
  output: "static",
  outDir: process.env.ASTRO_OUT_DIR ?? "./dist",
  // A separate cache per output folder, so a test build and another build can run at once.
  cacheDir: process.env.ASTRO_OUT_DIR ? `./node_modules/.astro-${process.env.ASTRO_OUT_DIR}` : undefined,
  adapter: node({ mode: "standalone" }),
  integrations: [react(), cms(), buildOutput({ supabaseUrl: env.PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321" })],
  i18n: {
    locales: ["fr", "en"],
    defaultLocale: "fr",
    routing: { prefixDefaultLocale: false },
  },
  server: { host: "127.0.0.1", port: 4321 },
  // React Aria ships its built-in strings (calendar, pager, "Clear"…) for 34 languages:
  // keep the platform's two.
  vite: { plugins: [tailwindcss(), optimizeLocales.vite({ locales: ["fr-FR", "en-US"] })] },
});
