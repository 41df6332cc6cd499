// Issue 25: editors edit the site in a CMS (Keystatic at /keystatic, local mode). The CMS
// runs on a throw-away copy of the project (./cms-project.ts): the e2e build of the site
// is served with the copy as working directory, so what the editor saves lands in
// <project.dir>/src/content, and the copy is then built to see the public pages.
// CMS_SCREENSHOTS=<folder> also saves the editors' guide's screenshots there
// (docs/images, for docs/editing-the-site.md).
import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { createCmsProject, type CmsProject } from "./cms-project.ts";
import { E2E_API_URL, E2E_OUT_DIR } from "./server-ports.ts";

/** The programme the editor adds: its slug is the page's address (and the catalogue's id). */
const PROGRAMME = {
  slug: "genie-civil",
  department: "computer-science",
  fr: {
    title: "Génie civil",
    description: "Concevoir, calculer et conduire des ouvrages : bâtiments, routes et réseaux, du relevé topographique au chantier.",
    degree: "Licence et master en génie civil",
    career: "Ingénieur structures",
    body: "La filière génie civil forme des ingénieurs de terrain, du béton armé aux routes.",
  },
  en: {
    title: "Civil Engineering",
    description: "Design, calculate and build structures: buildings, roads and networks, from the land survey to the building site.",
    degree: "Bachelor's and master's in civil engineering",
    career: "Structural engineer",
    body: "The civil engineering programme trains field engineers, from reinforced concrete to roads.",
  },
};

const CHECKOUT = resolve(import.meta.dirname, "../..");
const SCREENSHOTS = process.env.CMS_SCREENSHOTS;

/** Saves a screenshot for the editors' guide when CMS_SCREENSHOTS is set, `label`'s field in view. */
async function shoot(page: Page, name: string, label?: string | RegExp) {
  if (!SCREENSHOTS) return;
  if (label) await page.getByLabel(label).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

let project: CmsProject;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1280, height: 860 } });

test.beforeAll(() => {
  project = createCmsProject();
});

test.afterAll(() => project?.remove());

/** Fills a programme's form (Filières · FR or Programmes · EN), `skip` left empty. */
async function fillProgramme(page: Page, copy: (typeof PROGRAMME)["fr"], skip?: "description") {
  await page.getByLabel("Titre (title)").fill(copy.title);
  // The address is made from the French title; a translation keeps the French one.
  await page.getByLabel(/^Adresse de la page/).fill(PROGRAMME.slug);
  if (skip !== "description") await page.getByLabel("Description (description)").fill(copy.description);
  await page.getByRole("combobox", { name: "Département (department)" }).click();
  await page.keyboard.type(PROGRAMME.department.slice(0, 4));
  await page.getByRole("option", { name: PROGRAMME.department }).click();
  await page.getByLabel("Diplôme (degree)").fill(copy.degree);
  for (const level of ["L1", "L2", "L3"]) await page.getByRole("checkbox", { name: level }).check();
  await page.getByRole("checkbox", { name: "Français" }).check();
  await page.getByRole("group", { name: /Débouchés/ }).getByRole("button", { name: "Ajouter" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Métier").fill(copy.career);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog).toBeHidden();
  await page.locator(".ProseMirror").click();
  await page.keyboard.type(copy.body);
}

test("an editor adds a programme in French and English; a build publishes both pages", async ({ page }) => {
  test.setTimeout(300_000);
  // The site as the e2e build serves it, working in the copy.
  const cms = await project.serve({ dist: resolve(CHECKOUT, E2E_OUT_DIR) });
  const file = (lang: string) => join(project.dir, "src/content/filieres", lang, `${PROGRAMME.slug}.md`);

  await page.goto(`${cms.url}/keystatic`);
  await expect(page.getByRole("link", { name: "Filières · FR" }).first()).toBeVisible();
  await shoot(page, "cms-home");

  // French first: the reference. Saved without its description, it is refused, the field named.
  await page.goto(`${cms.url}/keystatic/collection/filieres-fr/create`);
  await fillProgramme(page, PROGRAMME.fr, "description");
  // An image in the text goes into the repository's assets (src/assets/content/filieres).
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Image" }).click();
  await (await chooser).setFiles({ name: "chantier.png", mimeType: "image/png", buffer: readFileSync(join(CHECKOUT, "public/og-card.png")) });
  await page.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Description (description) must be at least 50 characters long")).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  expect(existsSync(file("fr"))).toBe(false);
  await shoot(page, "cms-refused", "Description (description)");

  await page.getByLabel("Description (description)").fill(PROGRAMME.fr.description);
  await shoot(page, "cms-add-programme", "Titre (title)");
  await page.getByRole("button", { name: "Créer" }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/filieres-fr/item/${PROGRAMME.slug}$`));
  expect(readFileSync(file("fr"), "utf8")).toContain(`title: ${PROGRAMME.fr.title}`);
  // Each entry links to its public page.
  await expect(page.getByRole("button", { name: "Preview" })).toHaveAttribute("href", `/keystatic/preview/filieres/fr/${PROGRAMME.slug}`);

  // The translation: same file name under en/.
  await page.goto(`${cms.url}/keystatic/collection/filieres-en/create`);
  await fillProgramme(page, PROGRAMME.en);
  await shoot(page, "cms-translate", "Titre (title)");
  await page.getByRole("button", { name: "Créer" }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/filieres-en/item/${PROGRAMME.slug}$`));
  expect(readFileSync(file("en"), "utf8")).toContain(`title: ${PROGRAMME.en.title}`);
  expect(readdirSync(join(project.dir, "src/assets/content/filieres"), { recursive: true }).join()).toContain("chantier");
  await cms.stop();

  // Publishing: a build of the copy, as `npm start` or the CI would run it.
  const took = await project.build({ ASTRO_OUT_DIR: "dist", PUBLIC_SUPABASE_URL: E2E_API_URL });
  console.log(`[keystatic.spec] build of the copy: ${Math.round(took / 1000)} s`);
  const site = await project.serve({ dist: "dist" });
  await page.goto(`${site.url}/programs/${PROGRAMME.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: PROGRAMME.fr.title })).toBeVisible();
  await expect(page.getByText(PROGRAMME.fr.body)).toBeVisible();
  await shoot(page, "cms-published");
  await expect(page.locator('main img[src^="/_astro/"]')).toHaveCount(1);
  await page.goto(`${site.url}/en/programs/${PROGRAMME.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: PROGRAMME.en.title })).toBeVisible();
  await expect(page.getByText(PROGRAMME.en.body)).toBeVisible();
  await site.stop();
});

test("in local mode the CMS answers 403 when the server listens beyond this machine", async ({ request }) => {
  // A real bind on every address (0.0.0.0) is safe only in the private network namespace
  // the browser tests run in (unshare -n: nothing but loopback).
  const interfaces = Object.values(networkInterfaces()).flat();
  test.skip(interfaces.some((i) => i && !i.internal), "needs a private network namespace (unshare -n)");
  const open = await project.serve({ dist: resolve(CHECKOUT, E2E_OUT_DIR), host: "0.0.0.0" });
  for (const path of ["/keystatic", "/keystatic/collection/filieres-fr", "/api/keystatic/tree", `/keystatic/preview/filieres/fr/${PROGRAMME.slug}`]) {
    const response = await request.get(`${open.url}${path}`, { headers: { "no-cors": "1" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toContain("Content editor closed");
  }
  expect((await request.get(`${open.url}/programs/software-engineering`)).status()).toBe(200);
  await open.stop();
});
