// Admissions in the browser (issue 13): a new visitor applies to an extension programme
// without an account, closes the tab half-way and resumes, meets the form's refusals (empty
// step, birth date in the future, wrong file type, 30 MB file, duplicate), uploads the
// documents and submits; the admin requests a missing document, the applicant uploads it,
// the admin accepts and registers the applicant; the new student signs in and sees the
// matricule and the courses. Axe A/AA on the form, the tracking page and the review pages.
// Issue 19/21: the applicant pays the application fee by mobile money (the simulator) and its
// receipt verifies in public, marked SIMULÉ; the reviewer's decision is confirmed, chooses the
// level admitted to, and can be corrected; the accepted applicant's checklist; once
// registered, the student owes no back-dated penalty and the instalment already due falls due
// at registration plus the grace days.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { emailedCode, pdf, png } from "./applicant.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { expectNoAxeViolations, signIn } from "./dashboard.ts";
import { serviceClient } from "./stack.ts";

const PASSWORD = "Candidat-E2E-2026";
const email = `e2e.candidat.${Date.now()}@example.cm`;
const FORM = "/application/extension/project-management-certificate";

const next = (page: Page) => page.getByRole("button", { name: "Enregistrer et continuer" }).click();
const stepHeading = (page: Page) => page.locator("#application-step-title");

test.describe.configure({ mode: "serial", timeout: 900_000 });

/** The day in Douala (UTC+1), as YYYY-MM-DD, `days` from today. */
function doualaDay(days = 0): string {
  return new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
const frenchDate = (day: string) => new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Douala", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));

test("a visitor applies without an account, resumes after closing the tab, and submits; the admin requests a document, accepts and registers; the student sees matricule and courses", async ({
  browser,
  request,
}) => {
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
  await expect(page.getByLabel("Prénoms")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Ce champ est obligatoire.").first()).toBeVisible();
  await page.getByLabel("Prénoms").fill("Awa");
  await page.getByLabel("Nom", { exact: true }).fill("Candidate");
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

  // The programme's fee schedule has an instalment already past due (the seed's 1re tranche,
  // 15 October; moved into the past here if the calendar says otherwise).
  const service = serviceClient();
  const { data: target } = await service.from("extension_programmes").select("id").eq("slug", "project-management-certificate").single();
  const { data: schedule } = await service
    .from("fee_schedules")
    .select("id, late_grace_days, fee_instalments(id, position, due_on)")
    .eq("extension_programme_id", target!.id)
    .eq("published", true)
    .order("created_at")
    .limit(1)
    .single();
  const first = (schedule!.fee_instalments as { id: string; position: number; due_on: string }[]).sort((a, b) => a.position - b.position)[0];
  if (first.due_on >= doualaDay()) {
    await service
      .from("fee_instalments")
      .update({ due_on: doualaDay(-30) })
      .eq("id", first.id);
    first.due_on = doualaDay(-30);
  }

  // The application fee, by mobile money (the simulator: a number ending in 5 succeeds); its
  // receipt downloads and its public page confirms it, marked SIMULÉ.
  await page.goto("/dashboard/applications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes candidatures");
  const fee = page.getByTestId("fee-payment");
  await fee.getByLabel("Moyen de paiement").selectOption("mtn_momo");
  await fee.getByLabel("Numéro Mobile Money").fill("6 71 00 00 05");
  await fee.getByRole("button", { name: /^Payer/ }).click();
  await expect(page.getByText("Frais de candidature payés.")).toBeVisible({ timeout: 30_000 });
  const { data: application } = await service.from("applications").select("id").eq("email", email).single();
  const { data: feePayment } = await service
    .from("payments")
    .select("receipts!receipts_payment_id_fkey(number, verification_code)")
    .eq("application_id", application!.id)
    .eq("status", "succeeded")
    .single();
  const feeReceipt = (feePayment!.receipts as { number: string; verification_code: string }[])[0];
  const receiptDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: new RegExp(`Télécharger le reçu ${feeReceipt.number}`) }).click();
  const receiptFile = await receiptDownload;
  expect(receiptFile.suggestedFilename()).toBe(`${feeReceipt.number}.pdf`);
  expect(
    readFileSync((await receiptFile.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await page.goto(`/receipts/verify/?c=${feeReceipt.verification_code}`);
  await expect(page.getByRole("status")).toHaveText(/^SIMULÉ : ce reçu provient d'un paiement de test/);
  await expect(page.getByText(feeReceipt.number)).toBeVisible();

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
  await expect(admin.getByText(/Frais payés/)).toBeVisible();
  await expectNoAxeViolations(admin);
  // The document itself, in the browser's PDF viewer (not only a link).
  await admin.getByRole("button", { name: "Voir cni.pdf" }).click();
  await expect(admin.getByTestId("document-pdf")).toBeVisible();
  await admin.getByRole("button", { name: "Fermer l'aperçu" }).click();
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
  const confirmDecision = admin.getByRole("alertdialog");
  await expect(confirmDecision).toContainText("Accepter Awa Candidate en Certificat en gestion de projet ?");
  await confirmDecision.getByRole("button", { name: "Accepter" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Décision enregistrée." })).toBeVisible();
  // Until registration the decision can still be corrected.
  await expect(admin.getByRole("heading", { name: "Corriger la décision" })).toBeVisible();

  // The accepted applicant: a checklist of what comes next, no more withdrawal.
  await page.goto("/dashboard/applications");
  const steps = page.getByTestId("next-steps");
  await expect(steps).toContainText("Admission en Certificat en gestion de projet");
  await expect(steps.getByTestId("step-fee-receipt")).toContainText(`Télécharger le reçu ${feeReceipt.number}`);
  await expect(steps.getByTestId("step-registration")).toContainText("Le service des admissions vous inscrit");
  await expect(steps.getByTestId("step-fees")).toContainText(`1re tranche`);
  await expect(steps.getByTestId("step-fees")).toContainText(`à payer au plus tard le ${frenchDate(doualaDay(schedule!.late_grace_days))}`);
  await expect(steps.getByTestId("step-start")).toBeVisible();
  await expect(steps.getByTestId("step-bring")).toContainText("pièce d'identité");
  await expect(page.getByRole("button", { name: "Retirer ma candidature" })).toHaveCount(0);
  await expect(page.getByText("elle ne peut plus être retirée ici")).toBeVisible();
  await expectNoAxeViolations(page);

  await admin.goto("/dashboard/admin/student-enrollments");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Inscriptions des admis");
  await admin.getByRole("button", { name: "Inscrire Awa Candidate" }).click();
  await expect(admin.getByRole("alertdialog").getByTestId("admit-courses")).toHaveText("Cours du semestre en cours ajoutés à l'inscription : 1.");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Inscrire" }).click();
  await expect(admin.getByTestId("admit-notice")).toContainText(/Inscription de Awa Candidate enregistrée : matricule \w+/);
  const matricule = /matricule (\w+)/.exec((await admin.getByTestId("admit-notice").textContent()) ?? "")![1];
  await expectNoAxeViolations(admin);
  // "Acceptée + Inscrit" lists the registered ones too.
  await admin.getByRole("combobox", { name: "Statut" }).first().selectOption({ label: "Acceptée + Inscrit" });
  await expect(admin.getByRole("row").filter({ hasText: "Awa Candidate" })).toContainText(matricule);

  // The registration exists: the dashboard opens the student area at once.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/student$/);

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

  // No back-dated penalty: the 1re tranche, due before registration, falls due at
  // registration plus the grace days, and is not late.
  await page.goto("/dashboard/student/payments");
  const firstLine = page.getByTestId("due-row").filter({ hasText: "1re tranche" });
  await expect(firstLine).toContainText(frenchDate(doualaDay(schedule!.late_grace_days)));
  await expect(firstLine).toContainText("À payer");
  await expect(page.getByText(/Pénalité de retard/)).toHaveCount(0);

  // A programme application: the reviewer admits to another level than asked, confirmed, then
  // the file shows both; the study mode is a label.
  await admin.goto("/dashboard/admin/student-applications");
  await admin.getByLabel("Rechercher un nom").fill("Nadia Bello");
  await admin.getByLabel("Rechercher un nom").press("Enter");
  await admin.getByRole("link", { name: "Nadia Bello" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Nadia Bello");
  await expect(admin.getByText("En ligne", { exact: true })).toBeVisible();
  await admin.getByLabel("Décision", { exact: true }).selectOption("admitted");
  await expect(admin.getByText("Demandé : L1")).toBeVisible();
  await admin.getByLabel("Niveau d'admission").selectOption("L2");
  await admin.getByRole("button", { name: "Enregistrer la décision" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Accepter Nadia Bello en Génie logiciel — L2 ?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Accepter" }).click();
  await expect(admin.getByText("L1 — Admis en L2")).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Corriger la décision" })).toBeVisible();

  await reviewer.close();
  await applicant.close();
});
