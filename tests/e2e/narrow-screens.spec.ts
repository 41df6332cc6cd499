// Every dashboard page at 360 px (issue 21 item 8): signed in as each role, the test opens
// every route of the route table that role may open, waits for the page's content and fails
// if the document is wider than the viewport, naming the route and the element that sticks
// out, or if a table meant to stack on a phone (ui/TableFrame) still scrolls sideways. The
// list comes from src/dashboard/routes.ts, so a new page is covered the day it is added; a
// `:param` route is opened through a link to it found on the role's other pages (or, when no
// page links to it, with a parameter from fallbackParams; else the test names it).
import { expect, test, type Page } from "@playwright/test";
import { ROUTES, matchRoute, mayOpen, type DashboardRoute, type Role } from "../../src/dashboard/routes.ts";
import { signInAs } from "./dashboard.ts";
import { serviceClient } from "./stack.ts";

const WIDTH = 360;
const HEIGHT = 740;

test.use({ viewport: { width: WIDTH, height: HEIGHT } });

const hasParams = (route: DashboardRoute) => route.path.includes("/:");
const patternOf = (route: DashboardRoute) => new RegExp(`^${route.path.replace(/\/:\w+/g, "/[^/]+")}$`);

/** Parameters no page links to (nothing in the application links to /semestre/{id}). */
async function fallbackParams(): Promise<Record<string, string>> {
  const { data, error } = await serviceClient().from("semesters").select("id").eq("is_current", true).single();
  expect(error).toBeNull();
  return { semesterId: data!.id as string };
}

/** Counts the page's HTTP requests in flight, so a page is measured once its data is in. */
function trackRequests(page: Page) {
  let inFlight = 0;
  const done = () => (inFlight = Math.max(0, inFlight - 1));
  page.on("request", () => inFlight++);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async function quiet(ms = 200, timeout = 10_000) {
    const start = Date.now();
    let calmSince = Date.now();
    while (Date.now() - start < timeout) {
      if (inFlight > 0) calmSince = Date.now();
      else if (Date.now() - calmSince >= ms) return;
      await page.waitForTimeout(25);
    }
  };
}

/**
 * Waits for the page of the current address (the application has titled the document after
 * it: the new page is rendered, not the last one), its heading, the end of its loading
 * regions and of its requests.
 */
async function settled(page: Page, quiet: () => Promise<void>, what: string) {
  const shown = async () => {
    const route = matchRoute(new URL(page.url()).pathname)?.route;
    return !!route && (await page.title()).startsWith(`${route.title.fr} · `);
  };
  await expect.poll(shown, { message: `${what} is the page shown`, intervals: [25, 50, 100] }).toBe(true);
  await expect(page.locator("main h1").first(), `${what} shows its heading`).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${what} finishes loading`).toHaveCount(0);
  await quiet();
}

/** A path with its parameters filled from `params`, or undefined when one is missing. */
function withFallback(path: string, params: Record<string, string>): string | undefined {
  let missing = false;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ((missing = true), ""));
  return missing ? undefined : filled;
}

/** Opens a path inside the application as a link click would (no reload: the router follows it). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((href) => {
    const link = document.createElement("a");
    link.href = href;
    document.body.append(link);
    link.click();
    link.remove();
  }, path);
}

/**
 * The document's overflow, and what reaches furthest past the right edge: the outermost such
 * element, or the element whose text does (a long amount overflows its box, not the box).
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    // Whether a box that scrolls or clips keeps this from widening the document: only its
    // containing blocks count (an absolutely positioned element escapes a static scroller).
    const clipped = (el: Element, self: boolean) => {
      let position = getComputedStyle(el).position;
      if (self && getComputedStyle(el).overflowX !== "visible") return true;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (position === "fixed") return true;
        const style = getComputedStyle(up);
        if (position === "absolute" && style.position === "static" && style.transform === "none") continue;
        if (style.overflowX !== "visible") return true;
        position = style.position;
      }
      return false;
    };
    let widest: Element | null = null;
    let right = root.clientWidth;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right + window.scrollX <= right + 0.5 || clipped(el, false)) continue;
      widest = el;
      right = box.right + window.scrollX;
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.right + window.scrollX <= right + 0.5 || !text.parentElement || clipped(text.parentElement, true)) continue;
      widest = text.parentElement;
      right = box.right + window.scrollX;
    }
    const describe = (el: Element) => {
      const testId = el.closest("[data-testid]")?.getAttribute("data-testid");
      const classes = [...el.classList].slice(0, 4).join(".");
      const words = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      return `<${el.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ""}>${testId ? ` in [data-testid="${testId}"]` : ""} reaching ${Math.round(right)} px: "${words}"`;
    };
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: widest ? describe(widest) : "(none found)" };
  });
}

/** The captions (or first header) of stacking table frames whose table is wider than them. */
function scrollingTables(page: Page) {
  return page
    .locator("main .stack-table")
    .evaluateAll((frames) =>
      frames.filter((frame) => frame.scrollWidth > frame.clientWidth + 1).map((frame) => (frame.querySelector("caption, th")?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60)),
    );
}

for (const role of ["student", "teacher", "admin"] as const satisfies readonly Role[]) {
  test(`every ${role} page fits ${WIDTH} px without sideways scrolling`, async ({ page }) => {
    const routes = ROUTES.filter((route) => mayOpen(route, [role]));
    test.setTimeout(20_000 + routes.length * 2_000);
    const quiet = trackRequests(page);
    const fallback = await fallbackParams();
    await signInAs(page, role);
    await settled(page, quiet, `${role}.home`);

    const seenLinks = new Set<string>();
    const failures: string[] = [];
    const unreached: string[] = [];
    // Plain routes first: their links open the routes with parameters.
    for (const route of [...routes.filter((r) => !hasParams(r)), ...routes.filter(hasParams)]) {
      const path = hasParams(route) ? ([...seenLinks].find((href) => patternOf(route).test(href)) ?? withFallback(route.path, fallback)) : route.path;
      if (!path) {
        unreached.push(`${route.name} (${route.path})`);
        continue;
      }
      await openInApp(page, path);
      await settled(page, quiet, `${route.name} (${path})`);
      for (const href of await page.locator("main a[href]").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))) {
        seenLinks.add(href);
      }
      const { scrollWidth, clientWidth, widest } = await measure(page);
      if (scrollWidth > clientWidth) failures.push(`${route.name} (${path}): the page is ${scrollWidth} px wide for ${clientWidth}; widest: ${widest}`);
      // A table frame that stacks (ui/TableFrame) never leaves a table to scroll sideways.
      for (const table of await scrollingTables(page)) failures.push(`${route.name} (${path}): the table "${table}" scrolls sideways`);
    }
    expect.soft(unreached, "routes with parameters that no page of this role links to").toEqual([]);
    expect(failures, `pages wider than ${WIDTH} px`).toEqual([]);
  });
}

test(`at ${WIDTH} px the top bar keeps one line: the menu is a named icon, the brand is whole, in both languages`, async ({ page }) => {
  await signInAs(page, "student");
  for (const { menu, close } of [
    { menu: "Ouvrir le menu", close: "Fermer le menu" },
    { menu: "Open the menu", close: "Close the menu" },
  ]) {
    const button = page.getByTestId("menu-button");
    await expect(button).toHaveAccessibleName(menu);
    await expect(button).toHaveText("");
    const brand = page.getByTestId("dashboard-brand");
    await expect(brand).toBeVisible();
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth), "the brand is not cut").toBe(true);
    const header = page.locator("header").first();
    expect((await header.boundingBox())!.height, "the bar is one line high").toBeLessThan(64);
    await button.click();
    await expect(button).toHaveAccessibleName(close);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await button.click();
    // Not the language switch: it would save English as the demo student's language, which
    // later tests' notifications are written in.
    if (menu === "Ouvrir le menu") await page.goto("/en/dashboard/student");
  }
});
