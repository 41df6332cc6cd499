// The CMS page's script (built apart by ./integration.ts into /_keystatic/cms.js):
// Keystatic's app with the site's config, as @keystatic/astro's island renders it.
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { makePage } from "@keystatic/astro/ui";
import config from "../../keystatic.config.ts";

createRoot(document.getElementById("cms")!).render(createElement(makePage(config)));
