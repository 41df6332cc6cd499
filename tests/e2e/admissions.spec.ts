// Admissions in the browser (issue 13): a new visitor applies to an extension programme
// without an account, closes the tab half-way and resumes, meets the form's refusals (empty
// step, birth date in the future, wrong file type, 30 MB file, duplicate), uploads the
// documents and submits; the admin requests a missing document, the applicant uploads it,
// the admin accepts and registers the applicant; the new student signs in and sees the
// matricule and the courses. Axe A/AA on the form, the tracking page and the review pages.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { E2E_API_URL } from "./server-ports.ts";
import { expectNoAxeViolations, signIn } from "./dashboard.ts";

const PASSWORD = "Candidat-E2E-2026";
const email = `e2e.candidat.${Date.now()}@example.cm`;
const FORM = "/application/extension/project-management-certificate";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% test document\n") });
const png = (name: string) => ({
  name, mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
});

async function emailedCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(async () => {
    const mails = (await (await request.get(`${E2E_API_URL}/__test/emails?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
    code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1];
    return code;
  }, { timeout: 20_000 }).toBeTruthy();
  return code!;
}

const next = (page: Page) => page.getByRole("button", { name: "Enregistrer et continuer" }).click();
const stepHeading = (page: Page) => page.locator("#application-step-title");

test.describe.configure({ mode: "serial", timeout: 900_000 });

test("a visitor applies without an account, resumes after closing the tab, and submits; the admin requests a document, accepts and registers; the student sees matricule and courses", async ({ browser, request }) => {
  const applicant = await browser.newContext();
  let page = await applicant.newPage();

  // From the programme's page.
  await page.goto("/programs/project-management-certificate");
  await page.getByRole("link", { name: "Candidater à ce programme" }).click();
  await expect(page).toHaveURL(new RegExp(`${FORM}$`));
  await expect(stepHeading(page)).toHaveText("Compte");
  await expectNoAxeViolations(page);

  // The first step creates the account (confirmed by the e-mailed code).
  await page.getByRole("button", { name: "Créer mon compte et commencer" }).click();
  await expect(page.getByText("Indiquez votre nom complet.")).toBeVisible();
  await page.getByLabel("Nom complet").fill("Awa Candidate");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte et commencer" }).click();
  await expect(page.getByLabel("Code reçu par e-mail")).toBeVisible();
  const code = await emailedCode(request, email);
  // The auth service's answers in French: a wrong code, a new code asked for at once.
  await page.getByLabel("Code reçu par e-mail").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page.getByRole("alert")).toHaveText("Ce code est incorrect ou a expiré.");
  await page.getByRole("button", { name: "Recevoir un nouveau code" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Vous pourrez demander un nouveau code dans \d+ secondes?\.$/);
  await page.getByLabel("Code reçu par e-mail").fill(code);
  await page.getByRole("button", { name: "Valider le code" }).click();

  // Identity: an empty step and a birth date in the future are refused, field by field.
  await expect(stepHeading(page)).toHaveText("Identité");
  await next(page);
  await expect(page.getByLabel("Prénom(s)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Ce champ est obligatoire.").first()).toBeVisible();
  await page.getByLabel("Prénom(s)").fill("Awa");
  await page.getByLabel("Nom(s)", { exact: true }).fill("Candidate");
  await page.getByLabel("Date de naissance").fill("2999-01-01");
  await page.getByLabel("Lieu de naissance").fill("Bafoussam");
  await page.getByLabel("Numéro de la pièce d'identité (CNI ou passeport)").fill("CM1234567");
  await next(page);
  await expect(page.getByText("La date de naissance ne peut pas être dans le futur.")).toBeVisible();
  await page.getByLabel("Date de naissance").fill("1999-05-14");
  await next(page);

  await expect(stepHeading(page)).toHaveText("Coordonnées");
  await expect(page.getByRole("status")).toContainText("Brouillon enregistré");
  await page.getByLabel("Téléphone").fill("+237 6 71 23 45 67");
  await page.getByLabel("Ville").fill("Bafoussam");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Parcours");

  // Closing the tab loses nothing: a new tab resumes at the step reached.
  await page.close();
  page = await applicant.newPage();
  await page.goto(FORM);
  await expect(stepHeading(page)).toHaveText("Parcours");
  await expect(page.getByRole("status")).toContainText("reprise là où vous l'aviez laissée");
  await page.getByRole("button", { name: "Retour" }).click();
  await expect(page.getByLabel("Ville")).toHaveValue("Bafoussam");
  await next(page);

  await page.getByLabel("Dernier diplôme obtenu").fill("Licence en gestion");
  await page.getByLabel("Année d'obtention").fill("2021");
  await page.getByLabel("Établissement").fill("Université de Dschang");
  await next(page);

  await expect(stepHeading(page)).toHaveText("Choix");
  await expect(page.getByLabel("Formation demandée")).toHaveValue(/.+/);
  await next(page);

  // Documents: a wrong type and a 30 MB file are refused before any upload.
  await expect(stepHeading(page)).toHaveText("Pièces");
  await next(page);
  await expect(page.getByText("Ajoutez les pièces obligatoires pour continuer.")).toBeVisible();
  await page.getByLabel("Pièce d'identité (obligatoire)").setInputFiles({ name: "cni.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
  await expect(page.getByText("Type de fichier refusé : PDF, JPEG ou PNG seulement.")).toBeVisible();
  await page.getByLabel("Pièce d'identité (obligatoire)").setInputFiles({ name: "cni.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(30 * 1024 * 1024, 1) });
  await expect(page.getByText("Fichier trop lourd : 10 Mo au plus.")).toBeVisible();
  await page.getByLabel("Pièce d'identité (obligatoire)").setInputFiles(pdf("cni.pdf"));
  await expect(page.getByTestId("document-id_card")).toHaveText("cni.pdf");
  await page.getByLabel("Dernier diplôme (obligatoire)").setInputFiles(pdf("licence.pdf"));
  await expect(page.getByTestId("document-diploma")).toHaveText("licence.pdf");
  await page.getByLabel("Relevé de notes (obligatoire)").setInputFiles(pdf("releve.pdf"));
  await expect(page.getByTestId("document-transcript")).toHaveText("releve.pdf");
  await page.getByLabel("Photo d'identité (obligatoire)").setInputFiles(png("photo.png"));
  await expect(page.getByTestId("document-photo")).toHaveText("photo.png");
  await expectNoAxeViolations(page);
  await next(page);

  await expect(stepHeading(page)).toHaveText("Consentement");
  await next(page);
  await expect(page.getByText("Votre consentement est nécessaire pour déposer la candidature.")).toBeVisible();
  await page.getByLabel(/J'ai lu la politique de confidentialité/).check();
  await next(page);

  await expect(stepHeading(page)).toHaveText("Vérification");
  await expect(page.getByTestId("application-review")).toContainText("Certificat en gestion de projet");
  await page.getByRole("button", { name: "Déposer ma candidature" }).click();
  await expect(stepHeading(page)).toHaveText("Candidature déposée");
  await expect(page.getByTestId("application-done")).toContainText(/10\s000/);

  // A second application to the same programme is refused.
  await page.goto(FORM);
  await expect(stepHeading(page)).toHaveText("Vous avez déjà déposé une candidature pour cette formation.");

  // The reviewer asks for a missing document.
  const reviewer = await browser.newContext();
  const admin = await reviewer.newPage();
  const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  await signIn(admin, demoAdmin.email, demoAdmin.password);
  await expect(admin).toHaveURL(/\/dashboard/);
  await admin.goto("/dashboard/admin/student-applications");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Candidatures");
  await admin.getByLabel("Rechercher un nom").fill("Awa Candidate");
  await admin.getByLabel("Rechercher un nom").press("Enter");
  await admin.getByRole("link", { name: "Awa Candidate" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Awa Candidate");
  await expect(admin.getByTestId("file-documents")).toContainText("cni.pdf");
  await expect(admin.getByText(/Frais dus/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByLabel("Document", { exact: true }).selectOption("equivalence");
  await admin.getByLabel("Message au candidat").fill("L'équivalence de votre licence, délivrée par le ministère.");
  await admin.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Demande envoyée au candidat." })).toBeVisible();
  await admin.getByLabel("Nouveau commentaire").fill("Parcours solide, à accepter à réception.");
  await admin.getByRole("button", { name: "Ajouter le commentaire" }).click();
  await expect(admin.getByTestId("file-comments")).toContainText("Parcours solide");

  // The applicant (no role yet) finds its applications from the dashboard, sees the request
  // (never the comment) and uploads the document.
  await page.goto("/dashboard");
  await expect(page.getByTestId("no-role")).toBeVisible();
  await page.getByRole("link", { name: "Suivre mes candidatures" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes candidatures");
  await expect(page.getByTestId("document-request")).toContainText("Équivalence de diplôme");
  await expect(page.getByText("Parcours solide")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("Déposer le document").setInputFiles(pdf("equivalence.pdf"));
  await expect(page.getByText("Document déposé : votre dossier repasse en examen.")).toBeVisible();
  await expect(page.getByTestId("application-history")).toContainText("Document demandé");

  // The reviewer accepts, then registers the applicant (one atomic step).
  await admin.reload();
  await expect(admin.getByTestId("file-documents")).toContainText("equivalence.pdf");
  await admin.getByLabel("Décision", { exact: true }).selectOption("admitted");
  await admin.getByRole("button", { name: "Enregistrer la décision" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Décision enregistrée." })).toBeVisible();
  await admin.goto("/dashboard/admin/student-enrollments");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Inscriptions des admis");
  await admin.getByRole("button", { name: "Inscrire Awa Candidate" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Inscrire" }).click();
  await expect(admin.getByTestId("admit-notice")).toContainText(/Awa Candidate est inscrit : matricule \w+/);
  const matricule = /matricule (\w+)/.exec((await admin.getByTestId("admit-notice").textContent()) ?? "")![1];
  await expectNoAxeViolations(admin);

  // The new student signs in again and sees the matricule and the courses.
  await applicant.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto("/dashboard/applications");
  await expect(page.getByTestId("my-matricule")).toContainText(matricule);
  await expect(page.getByTestId("my-courses")).toContainText("Gestion de projet : les fondamentaux");
  await page.goto("/dashboard/student");
  await expect(page).toHaveURL(/\/dashboard\/student$/);

  await reviewer.close();
  await applicant.close();
});
