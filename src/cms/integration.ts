// The CMS (Keystatic) in the site, in place of @keystatic/astro's integration, whose
// parts it reuses: the API at /api/keystatic (its handler), the page at /keystatic, the
// preview redirects, and under `astro dev` the address the dev server really listens on
// for the guard (src/cms/guard.ts) to judge like under src/server/serve.ts.
// The page's JavaScript is built apart from the site's (buildCmsApp): in the site's client
// build, Keystatic's 2 MB sharing React and react-aria with the site's islands redrew the
// shared chunks, and the sign-in page went over its budget (an extra chunk, +1 KB). Under
// `astro dev` chunks do not matter: @keystatic/astro's island page is used as it is.
import type { AstroIntegration } from "astro";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "vite";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { CMS_ENTRY } from "./page.ts";

/** `virtual:keystatic-config`, which @keystatic/astro's page and API import: ./keystatic.config.ts. */
const configModule: Plugin = {
  name: "uel:keystatic-config",
  resolveId(id) {
    return id === "virtual:keystatic-config" ? this.resolve("./keystatic.config", "./a") : null;
  },
};

/** Keystatic's page as a standalone bundle into dist/client (entry CMS_ENTRY). */
async function buildCmsApp(root: string, clientDir: string) {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    envPrefix: "PUBLIC_",
    oxc: { jsx: { runtime: "automatic", importSource: "react" } },
    plugins: [optimizeLocales.vite({ locales: ["fr-FR", "en-US"] })],
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: fileURLToPath(new URL("./app.ts", import.meta.url)),
        // Keystatic's modules start with "use client" (for Next.js): meaningless here.
        onwarn: (warning, warn) => warning.code !== "MODULE_LEVEL_DIRECTIVE" && warn(warning),
        output: { entryFileNames: CMS_ENTRY.slice(1), chunkFileNames: "_astro/cms-[hash].js", assetFileNames: "_astro/cms-[hash][extname]" },
      },
    },
  });
}

export default function cms(): AstroIntegration {
  let root = "";
  return {
    name: "uel:cms",
    hooks: {
      "astro:config:setup": ({ command, config, injectRoute, updateConfig }) => {
        root = fileURLToPath(config.root);
        updateConfig({ vite: { plugins: [configModule] } });
        if (command === "dev") {
          // As @keystatic/astro does: Vite pre-bundles Keystatic once instead of on first visit.
          const dotAstro = new URL("./.astro/", config.root);
          mkdirSync(dotAstro, { recursive: true });
          writeFileSync(new URL("keystatic-imports.js", dotAstro), 'import "@keystatic/astro/ui";\nimport "@keystatic/astro/api";\nimport "@keystatic/core/ui";\n');
          updateConfig({ vite: { optimizeDeps: { entries: ["keystatic.config.*", ".astro/keystatic-imports.js"] } } });
          injectRoute({ pattern: "/keystatic/[...params]", entrypoint: "@keystatic/astro/internal/keystatic-astro-page.astro", prerender: false });
        } else {
          injectRoute({ pattern: "/keystatic/[...params]", entrypoint: new URL("./page.ts", import.meta.url), prerender: false });
        }
        injectRoute({ pattern: "/api/keystatic/[...params]", entrypoint: "@keystatic/astro/internal/keystatic-api.js", prerender: false });
        injectRoute({ pattern: "/keystatic/preview/[collection]/[lang]/[slug]", entrypoint: new URL("./preview.ts", import.meta.url), prerender: false });
      },
      "astro:server:start": ({ address }) => {
        process.env.HOST = address.address;
      },
      // Before uel:build-output (listed after), which precompresses dist/client.
      "astro:build:done": async ({ dir, logger }) => {
        const started = performance.now();
        await buildCmsApp(root, fileURLToPath(dir));
        logger.info(`CMS page built apart in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
