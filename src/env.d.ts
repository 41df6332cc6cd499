interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL: string;
  readonly PUBLIC_SUPABASE_PUBLISHABLE_KEY: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// js-yaml comes with Astro (its content loader parses front matter with it) and ships no
// types; src/lib/catalogue-sync/read-content.ts uses its one reading function.
declare module "js-yaml" {
  export function load(text: string): unknown;
}
