// The public bilingual site (issue 4): every SPEC §2 public route in French and English
// answers 200 in the right language without console errors or WCAG A/AA violations; the
// international department's old address redirects; unknown paths get the designed 404;
// the language switch, search, programme chooser and account area work in the browser.
import { expect, test, type Page } from "@playwright/test";
import { AUTH_STORAGE_KEY } from "../../src/lib/auth-storage.ts";
import { expectNoAxeViolations } from "./dashboard.ts";

/** One example of every public route; ids are catalogue slugs from src/content/<collection>/fr/. */
const ROUTES = [
  "/",
  "/programs",
  "/select-program",
  "/about",
  "/courses",
  "/departments",
  "/contact",
  "/inscription",
  "/partners",
  "/search",
  "/programs/software-engineering",
  "/programs/executive-mba",
  "/filieres/accounting-finance",
  "/departments/computer-science",
  "/schools/open-university",
  "/schools/professional-school",
  "/schools/extension-school",
  "/specialty/data-science",
  "/departments/computer-science/filieres/software-engineering",
  "/departments/computer-science/filieres/software-engineering/specialties/data-science",
  "/departments/computer-science/filieres/software-engineering/specialties/data-science/levels/m1",
  "/university/international-department",
  "/partners/trine-university",
  "/partners/jetwise",
  "/harvard-online-v3",
  "/professional-school/formations/web-developer",
  "/dashboard/student-portal",
];

const localized = (locale: "fr" | "en", path: string) => (locale === "fr" ? path : path === "/" ? "/en/" : `/en${path}`);

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const locale of ["fr", "en"] as const) {
  for (const route of ROUTES) {
    const path = localized(locale, route);
    test(`${path} answers 200 in ${locale}, accessible and without console errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
      await expect(page.locator("[data-account-area]")).not.toHaveAttribute("data-state", "loading");
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
}

test("on a phone the header stacks and pages stay accessible", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/courses", "/programs/software-engineering", "/en/select-program"]) {
    await page.goto(path);
    const search = await page.getByRole("search").first().boundingBox();
    const account = await page.locator("[data-account-area]").boundingBox();
    expect(account!.y).toBeGreaterThan(search!.y);
    await expectNoAxeViolations(page);
  }
});

test("the international department's fixed id redirects permanently to its page, in both languages", async ({ page, request }) => {
  for (const [from, to] of [
    ["/departments/international-department", "/university/international-department"],
    ["/en/departments/international-department", "/en/university/international-department"],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe(to);
    await page.goto(from!);
    await expect(page).toHaveURL(new RegExp(`${to}/?$`));
  }
});

test("an unknown path shows the designed not-found page with HTTP 404, in the visitor's language", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  let response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page est introuvable");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(page);

  response = await page.goto("/en/programs/no-such-programme");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find this page");
  expect(errors).toEqual([]);
});

test("the language switch goes to the same page in the other language and remembers the choice", async ({ page }) => {
  await page.goto("/programs/software-engineering");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Génie logiciel");
  await page.getByRole("link", { name: "Read this page in English" }).click();
  await expect(page).toHaveURL(/\/en\/programs\/software-engineering\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Software Engineering");
  expect(await page.evaluate(() => localStorage.getItem("preferred-language"))).toBe("en");

  await page.getByRole("link", { name: "Lire cette page en français" }).click();
  await expect(page).toHaveURL(/\/programs\/software-engineering\/?$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await page.evaluate(() => localStorage.getItem("preferred-language"))).toBe("fr");
});

test("search from the header finds programmes, specialties and courses in the page's language", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Rechercher sur le site" }).fill("cybersécurité");
  await page.getByRole("button", { name: "Rechercher" }).first().click();
  await expect(page).toHaveURL(/\/search\/?\?q=/);
  const results = page.locator("[data-search-results] li");
  await expect(results.first()).toBeVisible();
  await expect(page.locator("[data-search-results]")).toContainText("Cybersécurité");

  // Accents and case do not matter; a course code finds its course.
  await page.getByRole("searchbox", { name: "Mots à rechercher" }).fill("inf-l3-305");
  await page.getByRole("button", { name: "Rechercher" }).last().click();
  await expect(page.locator("[data-search-results]")).toContainText("Développement d'applications web");
  await page.locator("[data-search-results] a").first().click();
  await expect(page).toHaveURL(/\/courses\/?#web-application-development$/);

  await page.goto("/en/search?q=ohada");
  await expect(page.locator("[data-search-results]")).toContainText("OHADA Law");
  await expect(page.locator("[data-search-status]")).toContainText("result");

  await page.goto("/en/search?q=zzzzqqq");
  await expect(page.locator("[data-search-status]")).toHaveText("No results. Try another word or browse the programmes.");
});

test("the programme chooser leads from a school down to a level", async ({ page }) => {
  await page.goto("/select-program");
  await page.getByLabel("École").selectOption("open-university");
  await page.getByLabel("Département").selectOption("computer-science");
  await page.getByLabel("Filière").selectOption("software-engineering");
  await page.getByLabel("Spécialité").selectOption("data-science");
  await page.getByLabel("Niveau").selectOption("data-science/m1");
  await page.getByRole("button", { name: "Voir le programme" }).click();
  await expect(page).toHaveURL(/\/departments\/computer-science\/filieres\/software-engineering\/specialties\/data-science\/levels\/m1\/?$/);
  // The year's credits beside the courses listed: never "60" next to a partial list unsaid.
  await expect(page.getByRole("row", { name: /INF-M1-201/ })).toContainText("6");
  await expect(page.getByText("60 par an, en deux semestres de 30")).toBeVisible();
  await expect(page.getByTestId("published-credits")).toHaveText(/^Cours publiés à ce jour : 12 crédits sur les 60 de l'année\./);

  // Schools without departments go straight to their programmes.
  await page.goto("/en/select-program");
  await page.getByLabel("School").selectOption("professional-school");
  await expect(page.getByLabel("Department")).toBeDisabled();
  await page.getByLabel("Programme").selectOption("network-technician");
  await page.getByRole("button", { name: "See the programme" }).click();
  await expect(page).toHaveURL(/\/en\/professional-school\/formations\/network-technician\/?$/);
});

test("the account area shows Connexion when signed out and the dashboard and sign-out buttons when signed in", async ({ page }) => {
  await page.goto("/about");
  const area = page.locator("[data-account-area]");
  await expect(area).toHaveAttribute("data-state", "signed-out");
  await expect(area.getByRole("link", { name: "Connexion" })).toHaveAttribute("href", "/login");

  await page.evaluate(([key]) => localStorage.setItem(key!, JSON.stringify({ access_token: "t", refresh_token: "r", expires_at: Math.floor(Date.now() / 1000) + 3600 })), [AUTH_STORAGE_KEY]);
  await page.reload();
  await expect(area).toHaveAttribute("data-state", "signed-in");
  await expect(area.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("href", "/dashboard");
  await expect(area.getByRole("button", { name: "Déconnexion" })).toBeVisible();
});

test("the account area shows an error with Réessayer when the browser refuses storage", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await page.goto("/contact");
  const area = page.locator("[data-account-area]");
  await expect(area).toHaveAttribute("data-state", "error");
  await expect(area.getByRole("alert")).toContainText("Impossible de vérifier votre session.");
  await expect(area.getByRole("button", { name: "Réessayer" })).toBeVisible();
});

test("SEO: canonical URLs, Open Graph, structured data and a sitemap with hreflang pairs", async ({ page, request }) => {
  await page.goto("/en/filieres/accounting-finance");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/programs\/accounting-finance$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Accounting and Finance/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.map((text) => JSON.parse(text)["@type"])).toContain("Course");

  await page.goto("/");
  const home = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(home.map((text) => JSON.parse(text)["@type"])).toContain("CollegeOrUniversity");

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("/en/programs/software-engineering</loc>");
  expect(xml).toContain('hreflang="fr"');
  // Duplicates that point elsewhere with rel=canonical stay out.
  expect(xml).not.toContain("/filieres/accounting-finance</loc>");
  expect(xml).not.toContain("/departments/international-department</loc>");
  expect((await request.get("/robots.txt")).status()).toBe(200);
});

test("public pages ship no JavaScript framework", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => response.request().resourceType() === "script" && scripts.push(response.url()));
  await page.goto("/programs/software-engineering");
  await expect(page.locator("[data-account-area]")).not.toHaveAttribute("data-state", "loading");
  expect(await page.locator("astro-island").count()).toBe(0);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toMatch(/react-dom|__reactFiber|createRoot/);
  }
});
