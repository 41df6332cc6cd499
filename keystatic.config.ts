// Read by @keystatic/astro (its virtual:keystatic-config) for the CMS at /keystatic, in the
// browser and on the server alike: the storage comes from PUBLIC_ variables baked in by the build.
import { cmsConfig } from "./src/cms/config.ts";

export default cmsConfig(import.meta.env);
