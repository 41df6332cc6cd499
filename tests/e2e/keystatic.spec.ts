// Issue 25: editors edit the site in a CMS (Keystatic at /keystatic, local mode). The CMS
// runs on a throw-away copy of the project (./cms-project.ts): the e2e build of the site
// is served with the copy as working directory, so what the editor saves lands in
// <project.dir>/src/content, and the copy is then built to see the public pages.
// CMS_SCREENSHOTS=<folder> also saves the editors' guide's screenshots there
// (docs/images, for docs/editing-the-site.md).
// The second test takes the new programme on: the catalogue sync puts it in the e2e
// stack's database and an admin creates a course for it; the checkout's own content is
// then synced back, so the programme is archived (never deleted) for the specs after this.
import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { readCatalogueContent } from "../../src/lib/catalogue-sync/read-content.ts";
import { syncCatalogue } from "../../src/lib/catalogue-sync/rpc.ts";
import { createCmsProject, type CmsProject } from "./cms-project.ts";
import { chooseOption, signInAs } from "./dashboard.ts";
import { E2E_API_URL, E2E_OUT_DIR } from "./server-ports.ts";
import { serviceClient } from "./stack.ts";

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

/** The e2e stack's catalogue holds the copy's content (genie-civil) until the checkout's is synced back. */
let synced = false;
/** The course the admin creates, removed at the end: the specs after this one count courses. */
let courseCode: string | undefined;

/** Syncs the checkout's own content: what the other specs expect of the shared stack. */
async function syncCheckoutContent() {
  const report = await syncCatalogue(serviceClient(), readCatalogueContent(join(CHECKOUT, "src/content")), "e2e");
  synced = false;
  return report;
}

test.afterAll(async () => {
  try {
    if (synced) await syncCheckoutContent();
    const { error } = courseCode ? await serviceClient().from("courses").delete().eq("code", courseCode) : { error: null };
    if (error) throw new Error(`removing course ${courseCode}: ${error.message}`);
  } finally {
    project?.remove();
  }
});

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
  await page
    .getByRole("group", { name: /Débouchés/ })
    .getByRole("button", { name: "Ajouter" })
    .click();
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

test("the sync puts the new programme in the database, where an admin creates a course for it", async ({ page }) => {
  test.setTimeout(120_000);
  const service = serviceClient();
  synced = true;
  const added = await syncCatalogue(service, readCatalogueContent(join(project.dir, "src/content")), "e2e");
  expect(added.changes).toContainEqual(expect.objectContaining({ kind: "programmes", slug: PROGRAMME.slug, change: "added", name: { fr: PROGRAMME.fr.title, en: PROGRAMME.en.title } }));
  const { data: row } = await service.from("programmes").select("id, name_fr, name_en, archived_at, department:departments!inner(slug)").eq("slug", PROGRAMME.slug).single();
  expect(row).toMatchObject({ name_fr: PROGRAMME.fr.title, name_en: PROGRAMME.en.title, archived_at: null, department: { slug: PROGRAMME.department } });

  // The department is the Open University's: its wizard offers the programme at once.
  const code = (courseCode = `GC-L1-${(Date.now() % 900) + 100}`);
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/create-course/iou");
  const wizard = page.getByTestId("wizard");
  await chooseOption(wizard.getByRole("combobox", { name: /Filière/ }), PROGRAMME.fr.title);
  await chooseOption(wizard.getByRole("combobox", { name: /Niveau/ }), "L1");
  // No specialty yet: the course hangs on the programme itself.
  await expect(wizard.getByRole("combobox", { name: /Spécialité/ }).locator("option")).toHaveCount(1);
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await wizard.getByLabel("Code du cours").fill(code);
  await wizard.getByLabel("Intitulé").fill("Résistance des matériaux");
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await expect(wizard).toContainText("Étape 3 sur 4");
  await wizard.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByTestId("wizard-summary")).toContainText(`${PROGRAMME.fr.title} L1`);
  await wizard.getByRole("button", { name: "Créer le cours" }).click();
  await expect(page.getByTestId("wizard-done")).toContainText(`Cours ${code} créé.`);
  const { data: course } = await service.from("courses").select("id, programme_id, level_code").eq("code", code).single();
  expect(course).toMatchObject({ programme_id: row!.id, level_code: "L1" });

  // The checkout's content has no genie-civil: synced back, the programme is archived, the course keeps it.
  const back = await syncCheckoutContent();
  expect(back.changes).toContainEqual(expect.objectContaining({ kind: "programmes", slug: PROGRAMME.slug, change: "archived" }));
  const { data: archived } = await service.from("programmes").select("id, archived_at").eq("slug", PROGRAMME.slug).single();
  expect(archived?.archived_at).not.toBeNull();
  expect((await service.from("courses").select("programme_id").eq("id", course!.id).single()).data?.programme_id).toBe(row!.id);
});

test("in local mode the CMS answers 403 when the server listens beyond this machine", async ({ request }) => {
  // A real bind on every address (0.0.0.0) is safe only in the private network namespace
  // the browser tests run in (unshare -n: nothing but loopback).
  const interfaces = Object.values(networkInterfaces()).flat();
  test.skip(
    interfaces.some((i) => i && !i.internal),
    "needs a private network namespace (unshare -n)",
  );
  const open = await project.serve({ dist: resolve(CHECKOUT, E2E_OUT_DIR), host: "0.0.0.0" });
  for (const path of ["/keystatic", "/keystatic/collection/filieres-fr", "/api/keystatic/tree", `/keystatic/preview/filieres/fr/${PROGRAMME.slug}`]) {
    const response = await request.get(`${open.url}${path}`, { headers: { "no-cors": "1" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toContain("Content editor closed");
  }
  expect((await request.get(`${open.url}/programs/software-engineering`)).status()).toBe(200);
  await open.stop();
});
