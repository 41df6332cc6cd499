// What the service worker precaches (issue 24), chosen from the build's output: the public
// site's CSS and page scripts (not its HTML pages, not its images), the application shell's
// code (what the /dashboard page loads, from its HTML as the server renders it) and the code
// of the pages a student opens offline, each with the chunks it imports statically. Pure
// functions over file names and contents, so the choice is unit-tested without a build.

/** Budget of the precache, gzip (issue 24). */
export const PRECACHE_BUDGET_BYTES = 400 * 1024;

/**
 * The pages a student needs offline (today's classes and the timetable with its calendar,
 * courses and a course, results, payments, notifications, and the area chooser), by the name
 * the bundler gives their chunk (the module's file name). The PDF code (pdf-lib, 175 KB) is
 * not among them: the pages that make PDFs fetch it once online, and it is kept then.
 */
export const OFFLINE_PAGE_MODULES = [
  "RoleSelectorPage",
  "StudentHomePage",
  "StudentSchedulePage",
  "CalendarView",
  "StudentCoursesPage",
  "StudentCoursePage",
  "StudentResultsPage",
  "StudentPaymentsPage",
  "NotificationsPage",
];

const ASSET = String.raw`\/_astro\/[^"'\s>]+\.(?:js|css)`;

/** The /_astro/ files a public page loads itself: its stylesheets and module scripts (not its islands' forms). */
export function pageAssets(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isStyle = /^<link\b/i.test(tag) && /\brel=["']?stylesheet/i.test(tag);
    const isScript = /^<script\b/i.test(tag) && /\btype=["']?module/i.test(tag);
    const ref = new RegExp(`(?:src|href)=["']?(${ASSET})`, "i").exec(tag)?.[1];
    if (ref && (isStyle || isScript)) found.add(ref);
  }
  return [...found];
}

/** Every /_astro/ file the application shell's HTML names: stylesheets, scripts, its island and renderer. */
export function shellAssets(html: string): string[] {
  return [...new Set([...html.matchAll(new RegExp(`(?:src|href|component-url|renderer-url|before-hydration-url)=["']?(${ASSET})`, "gi"))].map((m) => m[1]))];
}

/** The chunks a chunk imports statically ("./x.js" beside it), not its dynamic import("./y.js"). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[{*][^;]*?\bfrom\s*|[\w$]+\s+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

/** `start` (names under _astro/) and everything they import statically, transitively. */
export function withImports(start: Iterable<string>, read: (name: string) => string | null): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (!name.endsWith(".js")) continue;
    const code = read(name);
    if (code !== null) queue.push(...staticImports(code));
  }
  return seen;
}

/** The chunk of a module: "CalendarView" → "CalendarView.DOeM4-A4.js" (the first match, by sorted name). */
export function chunkOf(module: string, names: readonly string[]): string | undefined {
  return [...names].sort().find((name) => name.startsWith(`${module}.`) && name.endsWith(".js") && !name.slice(module.length + 1, -3).includes("."));
}

const underAstro = (path: string) => path.replace(/^\/?_astro\//, "");

export interface PrecacheInput {
  /** The public pages' HTML. */
  pages: Iterable<string>;
  /** The application shells' HTML, as the server renders them. */
  shells: Iterable<string>;
  /** File names under _astro/. */
  assets: readonly string[];
  read: (name: string) => string | null;
}

/** The files under _astro/ to precache (names without the folder), and the modules whose chunk was not found. */
export function planPrecache({ pages, shells, assets, read }: PrecacheInput): { files: string[]; missing: string[] } {
  const start = new Set<string>();
  for (const html of pages) pageAssets(html).forEach((ref) => start.add(underAstro(ref)));
  for (const html of shells) shellAssets(html).forEach((ref) => start.add(underAstro(ref)));
  const missing: string[] = [];
  for (const module of OFFLINE_PAGE_MODULES) {
    const chunk = chunkOf(module, assets);
    if (chunk) start.add(chunk);
    else missing.push(module);
  }
  const known = new Set(assets);
  return { files: [...withImports(start, read)].filter((name) => known.has(name)).sort(), missing };
}
