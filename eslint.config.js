// ESLint for the whole tree (docs/code-layout.md explains the boundaries). One rule set per
// kind of code: the browser (React) under src/, Node elsewhere, Deno in supabase/functions.
// No type-aware rules: `astro check` and `tsc` already type-check, and type-aware linting
// would multiply the lint step's time on a 2-core machine.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// The dashboard's layers (docs/code-layout.md). A feature folder (src/dashboard/<feature>/)
// imports the UI kit (ui/), what several features share (shared/), the shared root modules,
// src/lib and its own files, never another feature. shared/ imports ui/ and the root
// modules; ui/ only the root modules. The frame around pages (App.tsx, routes.ts,
// router.ts, shell/, composed/: pages showing parts of two features) may compose
// features; nothing imports the frame back.
const DASHBOARD = "src/dashboard";
const LAYERS = ["shell", "composed", "ui", "shared"];
const FEATURES = readdirSync(DASHBOARD, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !LAYERS.includes(entry.name))
  .map((entry) => entry.name);
/** Root modules every part of the dashboard may import: leaves, no page behind them. */
const SHARED_ROOT = ["i18n.ts", "session.ts", "paths.ts", "titles.ts", "links.ts"].map((file) => `./${file}`);
const layer = (target, allowed, message) => ({ target: `./${DASHBOARD}/${target}`, from: `./${DASHBOARD}`, except: [...allowed, ...SHARED_ROOT], message });

const boundaries = [
  ...FEATURES.map((feature) =>
    layer(
      feature,
      [`./${feature}`, "./ui", "./shared"],
      "A feature imports ui/, shared/, the dashboard's root modules (paths.ts, i18n.ts…), src/lib and its own files: move what two features use to shared/ or ui/ (docs/code-layout.md).",
    ),
  ),
  layer("shared", ["./shared", "./ui"], "shared/ imports only itself, ui/, the dashboard's root modules and src/lib: never a feature."),
  layer("ui", ["./ui"], "The UI kit imports only itself, the dashboard's root modules and src/lib."),
  ...SHARED_ROOT.map((file) => layer(file, [], "A root module of the dashboard imports only the other root modules and src/lib.")),
  // src/lib: framework-free code shared with the worker and the edge functions.
  {
    target: "./src/lib",
    from: ["./src/dashboard", "./src/islands", "./src/components", "./src/pages", "./src/layouts", "./worker", "./supabase"],
    message: "src/lib imports no UI, worker or stack code.",
  },
  { target: "./src/lib", from: "./node_modules/react", message: "src/lib imports no UI." },
  // The worker and the edge functions: src/lib, never the site's code.
  {
    target: ["./worker", "./supabase/functions"],
    from: ["./src/dashboard", "./src/islands", "./src/components", "./src/pages", "./src/layouts"],
    message: "The worker and the edge functions import src/lib only from src/.",
  },
];

export default defineConfig(
  {
    ignores: [
      "dist/**",
      "dist-test*/**",
      ".astro/**",
      "public/**",
      "test-results/**",
      "playwright-report/**",
      "supabase/.data/**",
      // Supabase's own client test suites, unmodified (tests/peers/README.md).
      "tests/peers/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: globals.node },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: boundaries }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  // The browser: the dashboard, the site's islands and their component tests.
  {
    files: ["src/**/*.{ts,tsx}", "tests/components/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  // React code: hooks rules and accessibility. (Not src/lib, src/components/**/*.ts: Astro
  // helpers, where lib/i18n's useTranslations is no React hook.)
  {
    files: ["src/dashboard/**/*.{ts,tsx}", "src/islands/**/*.{ts,tsx}", "src/**/*.tsx", "tests/components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two classic hooks rules. Not react-hooks v7's React Compiler diagnostics
      // (set-state-in-effect, refs, purity, static-components, immutability…): the project
      // is not built with React Compiler, they flag 37 working patterns (a ref keeping the
      // last data, a form reset when its subject changes), and their compiler pass more
      // than doubles the lint's CPU time.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our components take a `role` prop (the user's role: student, teacher, admin); ARIA
      // roles are still checked on DOM elements.
      "jsx-a11y/aria-role": ["error", { ignoreNonDOM: true }],
      // Components move focus on purpose (react-aria's Button in an alertdialog, as the
      // WAI-ARIA pattern asks); DOM elements still may not autofocus.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  // Tests read JSON answers whose shape their assertions check.
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Edge functions run on Deno.
  {
    files: ["supabase/functions/**/*.ts"],
    languageOptions: { globals: { Deno: "readonly" } },
  },
);
