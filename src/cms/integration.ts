// The CMS's own part of the site, beside @keystatic/astro (which injects /keystatic and
// /api/keystatic): the preview redirects, and under `astro dev` the address the dev server
// really listens on, for the guard (src/cms/guard.ts) to judge like under src/server/serve.ts.
import type { AstroIntegration } from "astro";

export default function cms(): AstroIntegration {
  return {
    name: "uel:cms",
    hooks: {
      "astro:config:setup": ({ injectRoute }) => {
        injectRoute({ pattern: "/keystatic/preview/[collection]/[lang]/[slug]", entrypoint: new URL("./preview.ts", import.meta.url), prerender: false });
      },
      "astro:server:start": ({ address }) => {
        process.env.HOST = address.address;
      },
    },
  };
}
