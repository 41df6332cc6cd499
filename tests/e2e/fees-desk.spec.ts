// Fees published and managed by the bursar (issue 14 items 1–3): the bursar creates a fee
// schedule with its instalments, the public programme page shows it at once and follows a
// change; the bursar records cash at the desk and refunds it with a cancelling receipt
// whose QR page says so; the bursar waives part of a late penalty with a reason and the
// student's balance and page show it; the bursar sees a bank slip's picture before approving
// it, and confirms. Axe A/AA on each page. The spec makes its own schedule, student
// and bill, and removes the schedule it published (the demo data stays as it was).
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { serviceClient } from "./stack.ts";
import { chooseOption, expectNoAxeViolations, signIn, signInAs } from "./dashboard.ts";

const LABEL = "Barème public e2e";
const EMAIL = "caisse.e2e@example.cm";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let extension: { id: string; slug: string; name_fr: string };
let studentId: string;

test.beforeAll(async () => {
  const service = serviceClient();
  const { data } = await service.from("extension_programmes").select("id, slug, name_fr").order("slug").limit(1).single();
  extension = data!;
  const created = await service.auth.admin.createUser({ email: EMAIL, password: "Caisse-E2e-2026", email_confirm: true, user_metadata: { full_name: "Bernard Caissier" } });
  if (created.error) throw created.error;
  studentId = created.data.user.id;
  const { data: year } = await service.from("academic_years").select("id").eq("is_current", true).single();
  const { data: schedule, error } = await service
    .from("fee_schedules")
    .insert({
      academic_year_id: year!.id,
      extension_programme_id: extension.id,
      published: false,
      label_fr: "Barème caisse e2e",
      label_en: "Cash desk e2e schedule",
      registration_fee_xaf: 0,
      tuition_xaf: 100000,
    })
    .select("id")
    .single();
  if (error) throw error;
  const line = await service
    .from("fee_instalments")
    .insert({ fee_schedule_id: schedule!.id, position: 1, label_fr: "Tranche caisse", label_en: "Cash instalment", amount_xaf: 100000, due_on: "2031-11-15" });
  if (line.error) throw line.error;
  const bill = await service.from("student_fees").insert({ student_id: studentId, fee_schedule_id: schedule!.id });
  if (bill.error) throw bill.error;
});

test.afterAll(async () => {
  await serviceClient().from("fee_schedules").delete().eq("label_fr", LABEL);
});

test("the bursar creates a schedule; the public programme page shows it and follows a change", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/financial-management");
  await page.getByRole("button", { name: "Nouveau barème" }).click();
  const form = page.getByRole("form", { name: "Nouveau barème" });
  await form.getByRole("button", { name: "Créer le barème" }).click();
  await expect(form.getByText("Choisissez la filière, la formation ou le programme.")).toBeVisible();
  await expect(form.getByText("Choisissez l'échéance.")).toBeVisible();

  await chooseOption(form.getByRole("combobox", { name: /Filière, formation ou programme/ }), `Extension : ${extension.name_fr}`);
  await form.getByLabel("Libellé (français)").fill(LABEL);
  await form.getByLabel("Libellé (anglais)").fill("Public e2e schedule");
  await form.getByLabel("Frais d'inscription (XAF)").fill("15 000");
  await form.getByLabel("Scolarité (XAF)").fill("120000");
  await form.getByLabel("Pénalité de retard par tranche (XAF)").fill("5000");
  await form.getByLabel("Délai de grâce (jours)").fill("7");
  const line = form.getByRole("group", { name: "Tranche 1" });
  await line.getByLabel("Montant").fill("100000");
  await line.getByRole("group", { name: "Échéance" }).getByRole("spinbutton").first().click();
  await page.keyboard.type("15102031");
  await form.getByRole("button", { name: "Créer le barème" }).click();
  await expect(form.getByText("Les tranches doivent totaliser la scolarité.")).toBeVisible();
  await line.getByLabel("Montant").fill("120000");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Créer le barème" }).click();
  await expect(page.getByText(`Barème créé : ${LABEL}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: LABEL })).toBeVisible();

  await page.goto(`/programs/${extension.slug}`);
  const fees = page.locator("[data-programme-fees]");
  const card = fees.locator("article").filter({ hasText: LABEL });
  await expect(card).toContainText(/15\s000\sFCFA/);
  await expect(card).toContainText(/120\s000\sFCFA/);
  await expect(card).toContainText("15 octobre 2031");
  await expect(card).toContainText(/5\s000\sFCFA par tranche payée plus de 7 jours après son échéance/);
  await expect(fees.getByRole("link", { name: "Inscription : étapes et frais" })).toHaveAttribute("href", "/inscription");
  await expect(fees).not.toContainText("Barème caisse e2e");
  await expectNoAxeViolations(page);

  await page.goto("/dashboard/admin/financial-management");
  await page.getByLabel("Rechercher un barème").fill(LABEL);
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
  await page.getByRole("button", { name: `Modifier ${LABEL}` }).click();
  await page.getByLabel("Frais d'inscription (XAF)").fill("20000");
  await page.getByRole("button", { name: "Enregistrer le barème" }).click();
  await expect(page.getByText("Barème enregistré.")).toBeVisible();
  await page.goto(`/en/programs/${extension.slug}`);
  await expect(page.locator("[data-programme-fees] article").filter({ hasText: "Public e2e schedule" })).toContainText(/20,000/);
});

test("the bursar records cash at the desk and refunds it with a cancelling receipt", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/finance");
  const cash = page.getByTestId("cash");
  // the cash form (and its student search) loads when the bursar starts a payment
  await cash.getByRole("button", { name: "Encaisser un paiement en espèces" }).click();
  await expect(cash.getByRole("combobox", { name: "Étudiant (nom ou matricule)" })).toBeFocused();
  await cash.getByRole("combobox", { name: "Étudiant (nom ou matricule)" }).fill("Bernard Caiss");
  await page.getByRole("option", { name: "Bernard Caissier" }).click();
  await expect(cash.getByRole("combobox", { name: /Ligne à régler/ }).locator("option:checked")).toHaveText(/Tranche caisse — reste 100\s000\sFCFA/);
  await cash.getByLabel("Montant (XAF)").fill("150000");
  await cash.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(cash.getByText(/Le montant dépasse ce qui reste à régler/)).toBeVisible();
  await expect(cash.getByText("Indiquez le numéro du bordereau de caisse.")).toBeVisible();
  await cash.getByLabel("Montant (XAF)").fill("40000");
  await cash.getByLabel("N° du bordereau de caisse").fill("CAISSE-E2E-001");
  await cash.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(cash.getByRole("status").filter({ hasText: "Paiement enregistré" })).toContainText(/Paiement enregistré\. Reçu REC-\d{4}-\d{6}\./);
  await expect(cash.getByRole("combobox", { name: /Ligne à régler/ }).locator("option:checked")).toHaveText(/reste 60\s000\sFCFA/);
  const number = (await cash.getByRole("status").filter({ hasText: "Paiement enregistré" }).textContent())!.match(/REC-\d{4}-\d{6}/)![0];
  const downloadPromise = page.waitForEvent("download");
  await cash.getByRole("button", { name: `Télécharger le reçu ${number}` }).click();
  expect(
    readFileSync((await (await downloadPromise).path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await expectNoAxeViolations(page);

  const refund = page.getByTestId("refund");
  await refund.getByLabel("N° de reçu ou référence du paiement").fill(number);
  await refund.getByRole("button", { name: "Rechercher" }).click();
  await refund.getByRole("button", { name: `Rembourser ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: "Rembourser le paiement de Bernard Caissier" });
  await dialog.getByRole("button", { name: "Rembourser" }).click();
  await expect(dialog.getByText("Indiquez le motif (au moins 3 caractères).")).toBeVisible();
  await dialog.getByLabel("Motif du remboursement").fill("Erreur de saisie à la caisse");
  await dialog.getByRole("button", { name: "Rembourser" }).click();
  await expect(refund.getByRole("status").filter({ hasText: "remboursé" })).toContainText(/Paiement remboursé\. Reçu d'annulation REC-\d{4}-\d{6}\./);
  await expect(refund.getByText("Déjà remboursé")).toBeVisible();

  const { data: original } = await serviceClient().from("receipts").select("verification_code, payments!inner(status, note)").eq("number", number).single();
  expect(original!.payments).toMatchObject({ status: "refunded", note: "Erreur de saisie à la caisse" });
  await page.goto(`/receipts/verify/?c=${original!.verification_code}`);
  await expect(page.getByRole("status")).toHaveText(/Ce reçu a été annulé par le reçu REC-\d{4}-\d{6}\./);
});

test("the bursar waives part of a late penalty with a reason; the student's balance follows", async ({ page, browser }) => {
  const service = serviceClient();
  const created = await service.auth.admin.createUser({ email: "retard.e2e@example.cm", password: "Retard-E2e-2026", email_confirm: true, user_metadata: { full_name: "Pélagie Retard" } });
  if (created.error) throw created.error;
  const late = created.data.user.id;
  expect((await service.from("user_roles").insert({ user_id: late, role: "student" })).error).toBeNull();
  const { data: year } = await service.from("academic_years").select("id").eq("is_current", true).single();
  const { data: schedule } = await service
    .from("fee_schedules")
    .insert({
      academic_year_id: year!.id,
      extension_programme_id: extension.id,
      published: false,
      late_penalty_xaf: 5000,
      label_fr: "Barème retard e2e",
      label_en: "Late e2e schedule",
      registration_fee_xaf: 0,
      tuition_xaf: 100000,
    })
    .select("id")
    .single();
  const { data: line } = await service
    .from("fee_instalments")
    .insert({ fee_schedule_id: schedule!.id, position: 1, label_fr: "Tranche en retard", label_en: "Late instalment", amount_xaf: 100000, due_on: "2020-01-15" })
    .select("id")
    .single();
  const { data: bill } = await service.from("student_fees").insert({ student_id: late, fee_schedule_id: schedule!.id }).select("id").single();
  expect((await service.from("fee_penalties").insert({ student_fee_id: bill!.id, instalment_id: line!.id, student_id: late, amount_xaf: 5000 })).error).toBeNull();

  await signIn(page, "retard.e2e@example.cm", "Retard-E2e-2026");
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto("/dashboard/student/payments");
  await expect(page.getByTestId("balance-due")).toHaveText(/105\s000\sFCFA/);

  const bursar = await (await browser.newContext()).newPage();
  await signInAs(bursar, "admin");
  await bursar.goto("/dashboard/admin/finance");
  const penalties = bursar.getByTestId("penalties");
  await penalties.getByLabel("Nom ou matricule").fill("Pélagie");
  await penalties.getByRole("button", { name: "Rechercher" }).click();
  await penalties.getByRole("button", { name: "Remettre la pénalité de Pélagie Retard (Tranche en retard)" }).click();
  const dialog = bursar.getByRole("dialog", { name: "Remettre la pénalité de Pélagie Retard" });
  await expect(dialog.getByLabel("Montant remis (XAF)")).toHaveValue("5000");
  await dialog.getByLabel("Montant remis (XAF)").fill("6000");
  await dialog.getByRole("button", { name: "Remettre" }).click();
  await expect(dialog.getByText(/On ne peut remettre plus de 5\s000\sFCFA\./)).toBeVisible();
  await expect(dialog.getByText("Indiquez le motif (au moins 3 caractères).")).toBeVisible();
  await dialog.getByLabel("Montant remis (XAF)").fill("3000");
  await dialog.getByLabel("Motif de la remise").fill("Hospitalisation attestée");
  await expectNoAxeViolations(bursar);
  await dialog.getByRole("button", { name: "Remettre" }).click();
  await expect(penalties.getByRole("status")).toHaveText(/Pénalité remise : le solde de Pélagie Retard est diminué de 3\s000\sFCFA\./);
  await expect(penalties.getByTestId("penalty-row").filter({ hasText: "Pélagie Retard" })).toContainText("Hospitalisation attestée");
  await expectNoAxeViolations(bursar);

  await page.reload();
  await expect(page.getByTestId("balance-due")).toHaveText(/102\s000\sFCFA/);
  await expect(page.getByTestId("penalty-waiver")).toHaveText(/Pénalité remise par la scolarité : 3\s000\sFCFA \(Hospitalisation attestée\)/);
  await expectNoAxeViolations(page);
});

test("the bursar sees the slip itself before approving it, and confirms", async ({ page }) => {
  const service = serviceClient();
  const { data: line } = await service.from("fee_instalments").select("id, fee_schedule_id").eq("label_fr", "Tranche caisse").single();
  const { data: bill } = await service.from("student_fees").select("id").eq("student_id", studentId).eq("fee_schedule_id", line!.fee_schedule_id).single();
  // A real 1×1 PNG: the dialog must show the picture itself, not a link.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  const path = `${studentId}/${Date.now()}-bordereau.png`;
  expect((await service.storage.from("bank-slips").upload(path, png, { contentType: "image/png" })).error).toBeNull();
  expect(
    (
      await service
        .from("payments")
        .insert({ student_id: studentId, student_fee_id: bill!.id, instalment_id: line!.id, amount_xaf: 10000, method: "bank_transfer", status: "pending", reference: "E2E-SLIP-1", slip_path: path })
    ).error,
  ).toBeNull();

  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/finance");
  const row = page.getByTestId("slip-row").filter({ hasText: "Bernard Caissier" });
  await expect(row.getByRole("button", { name: "Approuver" })).toHaveCount(0);
  await row.getByRole("button", { name: "Vérifier le bordereau de Bernard Caissier" }).click();
  const dialog = page.getByRole("dialog", { name: "Bordereau de Bernard Caissier" });
  const slip = dialog.getByRole("img", { name: "Bordereau bancaire de Bernard Caissier (E2E-SLIP-1)" });
  await expect(slip).toBeVisible();
  expect(await slip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(dialog.getByTestId("slip-amount")).toHaveText(/10\s000\sFCFA/);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Approuver…" }).click();
  await expect(dialog.getByRole("alertdialog")).toContainText(/Créditer 10\s000\sFCFA à Bernard Caissier \?/);
  await dialog.getByRole("button", { name: "Confirmer l'approbation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bordereau approuvé" })).toBeVisible();
  await expect(page.getByTestId("slip-row").filter({ hasText: "Bernard Caissier" })).toHaveCount(0);
  const { data: paid } = await service.from("payments").select("status, receipts(number)").eq("reference", "E2E-SLIP-1").single();
  expect(paid).toMatchObject({ status: "succeeded", receipts: [{ number: expect.stringMatching(/^REC-\d{4}-\d{6}$/) }] });
});

test("the bursar prepares next year's fees before the year is opened", async ({ page }) => {
  const service = serviceClient();
  const { data: latest } = await service.from("academic_years").select("starts_on").order("starts_on", { ascending: false }).limit(1).single();
  const start = Number(latest!.starts_on.slice(0, 4)) + 1;
  const next = `${start}-${start + 1}`;
  const label = "Barème année prochaine e2e";
  try {
    await signInAs(page, "admin");
    await page.goto("/dashboard/admin/financial-management");
    await page.getByRole("button", { name: "Nouveau barème" }).click();
    const form = page.getByRole("form", { name: "Nouveau barème" });
    await chooseOption(form.getByRole("combobox", { name: /Année académique/ }), `${next} (année prochaine)`);
    await expect(form.getByText(`L'année ${next} n'est pas encore ouverte`)).toBeVisible();
    await chooseOption(form.getByRole("combobox", { name: /Filière, formation ou programme/ }), `Extension : ${extension.name_fr}`);
    await form.getByLabel("Libellé (français)").fill(label);
    await form.getByLabel("Libellé (anglais)").fill("Next year e2e schedule");
    await form.getByLabel("Scolarité (XAF)").fill("90000");
    const line = form.getByRole("group", { name: "Tranche 1" });
    await line.getByLabel("Montant").fill("90000");
    await line.getByRole("group", { name: "Échéance" }).getByRole("spinbutton").first().click();
    await page.keyboard.type(`1510${start}`);
    await form.getByRole("button", { name: "Créer le barème" }).click();
    await expect(page.getByText(`Barème créé : ${label}.`)).toBeVisible();
    const { data: made } = await service.from("fee_schedules").select("academic_years(label)").eq("label_fr", label).single();
    expect(made).toEqual({ academic_years: { label: next } });
  } finally {
    await service.from("fee_schedules").delete().eq("label_fr", label);
    await service.from("academic_years").delete().eq("label", next);
  }
});
