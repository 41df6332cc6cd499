// Fees and payments in the browser (issue 14): a student pays an instalment with the
// simulator (success, then a decline explained in plain words), sees the balance change
// live, downloads the receipt and its QR page confirms it; a bank slip goes to the bursar,
// who approves it, and the balance changes. Axe A/AA on each page. The spec makes its own
// student and bill (the demo student's money is left alone for the other specs).
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { serviceClient } from "./stack.ts";
import { expectNoAxeViolations, signIn } from "./dashboard.ts";

const EMAIL = "payeur.e2e@example.cm";
const PASSWORD = "Payeur-E2e-2026";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let studentId: string;

test.beforeAll(async () => {
  const service = serviceClient();
  const created = await service.auth.admin.createUser({ email: EMAIL, password: PASSWORD, email_confirm: true, user_metadata: { full_name: "Paul Payeur" } });
  if (created.error) throw created.error;
  studentId = created.data.user.id;
  const role = await service.from("user_roles").insert({ user_id: studentId, role: "student" });
  if (role.error) throw role.error;
  const { data: template } = await service.from("fee_schedules").select("academic_year_id, programme_id").not("programme_id", "is", null).limit(1).single();
  // Registered like every billed student: the registration brings the registrar's record
  // (the name receipts print).
  const registered = await service.from("student_registrations").insert({
    student_id: studentId,
    academic_year_id: template!.academic_year_id,
    programme_id: template!.programme_id,
    student_number: "E2E-PAYEUR-01",
  });
  if (registered.error) throw registered.error;
  const { data: schedule, error } = await service
    .from("fee_schedules")
    .insert({
      academic_year_id: template!.academic_year_id,
      programme_id: template!.programme_id,
      label_fr: "Barème e2e",
      label_en: "E2E schedule",
      registration_fee_xaf: 0,
      tuition_xaf: 300000,
    })
    .select("id")
    .single();
  if (error) throw error;
  const lines = [1, 2, 3].map((position) => ({
    fee_schedule_id: schedule!.id,
    position,
    label_fr: `Tranche e2e ${position}`,
    label_en: `E2E instalment ${position}`,
    amount_xaf: 100000,
    due_on: `2031-0${position}-15`,
  }));
  const inserted = await service.from("fee_instalments").insert(lines);
  if (inserted.error) throw inserted.error;
  const bill = await service.from("student_fees").insert({ student_id: studentId, fee_schedule_id: schedule!.id });
  if (bill.error) throw bill.error;
});

test("the student pays with the simulator (success, then a decline), sees the balance live and verifies the receipt", async ({ page }) => {
  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/student/payments");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes paiements");
  await expect(page.getByTestId("balance-due")).toHaveText(/300\s000\sFCFA/);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Payer « Tranche e2e 1 »" }).click();
  const dialog = page.getByRole("dialog", { name: "Payer « Tranche e2e 1 »" });
  await dialog.getByLabel("Numéro de téléphone").fill("12");
  await dialog.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(dialog.getByText("Saisissez un numéro camerounais à 9 chiffres commençant par 6.")).toBeVisible();
  await dialog.getByText("Orange Money").click();
  await dialog.getByLabel("Numéro de téléphone").fill("6 99 00 00 05");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(dialog.getByTestId("payment-status")).toHaveAttribute("data-status", "pending");
  await expect(dialog.getByTestId("payment-status")).toContainText("Confirmez le paiement sur votre téléphone");
  // The simulator calls back; realtime brings the outcome and the new balance.
  await expect(dialog.getByTestId("payment-status")).toHaveAttribute("data-status", "succeeded");
  await expect(dialog.getByTestId("payment-status")).toHaveText(/Paiement reçu/);
  await expect(page.getByTestId("balance-due")).toHaveText(/200\s000\sFCFA/);
  await dialog.getByRole("button", { name: "Terminé" }).click();

  // A decline, explained.
  await page.getByRole("button", { name: "Payer « Tranche e2e 2 »" }).click();
  const second = page.getByRole("dialog", { name: "Payer « Tranche e2e 2 »" });
  await second.getByLabel("Numéro de téléphone").fill("670000002");
  await second.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(second.getByTestId("payment-status")).toHaveAttribute("data-status", "failed");
  await expect(second.getByTestId("payment-status")).toHaveText(/refusé sur le téléphone.*Rien n'a été débité/);
  await expectNoAxeViolations(page);
  await second.getByRole("button", { name: "Terminé" }).click();
  await expect(page.getByTestId("balance-due")).toHaveText(/200\s000\sFCFA/);

  // The receipt: a PDF, and its QR page confirms it — as a simulated payment (no money moved).
  const { data: receipt } = await serviceClient().from("receipts").select("number, verification_code, payments!inner(student_id)").eq("payments.student_id", studentId).single();
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: `Télécharger le reçu ${receipt!.number}` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${receipt!.number}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await page.goto(`/receipts/verify/?c=${receipt!.verification_code}`);
  await expect(page.getByRole("status")).toHaveText(/^SIMULÉ : ce reçu provient d'un paiement de test/);
  await expect(page.getByText(receipt!.number)).toBeVisible();
  await expect(page.getByText("P. P.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/en/receipts/verify/?c=${"0".repeat(32)}`);
  await expect(page.getByRole("status")).toHaveText(/No receipt matches this code/);
});

test("a line with a payment in progress offers no second payment; the student checks it now and it is credited", async ({ page }) => {
  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/student/payments");
  await page.getByRole("button", { name: "Payer « Tranche e2e 3 »" }).click();
  const dialog = page.getByRole("dialog", { name: "Payer « Tranche e2e 3 »" });
  // The simulator's …4: the operator takes the money but never calls back.
  await dialog.getByLabel("Numéro de téléphone").fill("670000004");
  await dialog.getByRole("button", { name: "Demander le paiement" }).click();
  await expect(dialog.getByTestId("payment-status")).toHaveAttribute("data-status", "pending");
  await dialog.getByRole("button", { name: "Terminé" }).click();

  // The line shows its open payment in place of "Payer" (and of a bank slip).
  const open = page.getByTestId("open-payment");
  await expect(open).toContainText("Paiement en cours");
  await expect(open).toContainText(/MTN Mobile Money · 100\s000\sFCFA · depuis/);
  await expect(page.getByRole("button", { name: "Payer « Tranche e2e 3 »" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Déposer un bordereau pour « Tranche e2e 3 »" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Vérifier maintenant le paiement de « Tranche e2e 3 »" }).click();
  await expect(page.getByText(/Paiement reçu/)).toBeVisible();
  await expect(page.getByTestId("open-payment")).toHaveCount(0);
  await expect(page.getByTestId("balance-due")).toHaveText(/100\s000\sFCFA/);
});

test("a bank slip goes to the bursar, who approves it; the student's balance changes", async ({ page, browser }) => {
  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/student/payments");
  await expect(page.getByTestId("balance-due")).toHaveText(/100\s000\sFCFA/);
  await page.getByRole("button", { name: "Déposer un bordereau pour « Tranche e2e 2 »" }).click();
  const dialog = page.getByRole("dialog", { name: "Déposer un bordereau pour « Tranche e2e 2 »" });
  await dialog.getByRole("button", { name: "Envoyer le bordereau" }).click();
  await expect(dialog.getByText("Joignez le bordereau : PDF, JPEG, PNG ou WebP, 5 Mo au plus.")).toBeVisible();
  await dialog.getByLabel("Fichier du bordereau").setInputFiles({ name: "bordereau.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% bordereau e2e\n") });
  await dialog.getByLabel("Référence du bordereau").fill("AFB-2031-0042");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Envoyer le bordereau" }).click();
  await expect(page.getByText("Bordereau envoyé : la scolarité va le vérifier.")).toBeVisible();
  await expect(page.getByTestId("payment-history")).toContainText("Bordereau bancaire");

  const bursarContext = await browser.newContext();
  const bursar = await bursarContext.newPage();
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  await signIn(bursar, admin.email, admin.password);
  await expect(bursar).toHaveURL(/\/dashboard\//);
  await bursar.goto("/dashboard/admin/finance");
  await expect(bursar.getByRole("heading", { level: 1 })).toHaveText("Finances");
  const row = bursar.getByTestId("slip-row").filter({ hasText: "Paul Payeur" });
  await expect(row).toContainText("AFB-2031-0042");
  await expectNoAxeViolations(bursar);
  // The bursar looks at the slip itself, then confirms (fees-desk.spec checks the picture).
  await row.getByRole("button", { name: "Vérifier le bordereau de Paul Payeur" }).click();
  const review = bursar.getByRole("dialog", { name: "Bordereau de Paul Payeur" });
  await review.getByRole("button", { name: "Approuver…" }).click();
  await review.getByRole("button", { name: "Confirmer l'approbation" }).click();
  await expect(bursar.getByText("Bordereau approuvé : le reçu est délivré.")).toBeVisible();
  await expect(bursar.getByTestId("slip-row").filter({ hasText: "Paul Payeur" })).toHaveCount(0);
  await bursarContext.close();

  // The student's page follows live.
  await expect(page.getByTestId("balance-due")).toHaveText(/^0\sFCFA/);
});

test("the bursar configures a schedule: late penalty, and a discount that needs its reason", async ({ page }) => {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/admin/financial-management");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion financière");
  await page.getByLabel("Rechercher un barème").fill("Barème e2e");
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  await page.getByRole("button", { name: "Modifier Barème e2e" }).click();
  await expect(page.getByRole("heading", { name: "Barème e2e" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Pénalité de retard par tranche (XAF)").fill("7500");
  await page.getByRole("button", { name: "Enregistrer le barème" }).click();
  await expect(page.getByText("Barème enregistré.")).toBeVisible();

  const discount = page.getByRole("form", { name: "Paul Payeur" });
  await discount.getByLabel("Réduction (XAF)").fill("10000");
  await discount.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /./ }).first()).toBeVisible();
  await discount.getByLabel("Motif").fill("Bourse d'excellence");
  await discount.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByText("Réduction enregistrée.")).toBeVisible();
  const { data: bill } = await serviceClient().from("student_fees").select("discount_xaf, discount_reason").eq("student_id", studentId).single();
  expect(bill).toEqual({ discount_xaf: 10000, discount_reason: "Bourse d'excellence" });
});
