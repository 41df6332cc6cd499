// Profile, notifications and teacher settings in a real browser against the seeded stack.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { serviceClient } from "./stack.ts";
import { account, expectNoAxeViolations, signInAs } from "./dashboard.ts";

const STUDENT_ID = "00000000-0000-4000-a000-000000000001";

// Other spec files share this stack and greet the demo student by the seeded name.
test.afterAll(async () => {
  const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
  await serviceClient().from("profiles").update({ full_name: student.fullName, preferred_locale: "fr" }).eq("id", STUDENT_ID);
});
const TEACHER_ID = "00000000-0000-4000-a000-000000000002";

// A 1×1 PNG (valid image data, so the browser can draw and re-encode it).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test.describe.configure({ mode: "serial" });

test("the student changes name and language, uploads a photo and downloads their data", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto("/dashboard/student/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");

  // Name: a bad one is explained, a good one saved.
  const name = page.getByLabel("Nom complet");
  await name.fill("A");
  await page.getByTestId("identity").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Saisissez votre nom (au moins 2 caractères).")).toBeVisible();
  await name.fill("Awa Ngono Bella");
  await page.getByTestId("identity").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Enregistré avec succès").first()).toBeVisible();
  await expect.poll(async () => (await serviceClient().from("profiles").select("full_name").eq("id", STUDENT_ID).single()).data?.full_name).toBe("Awa Ngono Bella");

  // A Cameroonian phone only.
  const phone = page.getByLabel("Téléphone mobile");
  await phone.fill("+33 6 12 34 56 78");
  await page.getByTestId("contacts").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Saisissez un numéro mobile camerounais")).toBeVisible();
  await expect(phone).toHaveValue("+33 6 12 34 56 78");
  await phone.fill("6 77 00 11 22");
  await page.getByTestId("contacts").getByRole("button", { name: "Enregistrer" }).click();
  await expect(phone).toHaveValue("+237 6 77 00 11 22");

  // The student's record, read-only.
  const matricule = (await page.getByTestId("matricule").textContent())!.trim();
  expect(matricule).toMatch(/^\d{2}UO0001$/);

  // Photo: resized in the browser, uploaded to the student's folder.
  await page.getByTestId("identity").locator('input[type="file"]').setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("avatar")).toHaveAttribute("src", new RegExp(`/avatars/${STUDENT_ID}/avatar-\\d+\\.jpg`));

  // Download my data: a JSON file holding the matricule.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Télécharger mes données (JSON)" }).click()]);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.registrations[0].student_number).toBe(matricule);
  expect(data.profile.full_name).toBe("Awa Ngono Bella");
  await expect(page.getByRole("link", { name: "Lire la politique de confidentialité" })).toHaveAttribute("href", "/privacy");

  // Password: the rules are named before the server is asked; the current password is
  // required and checked by the auth service; a good one is changed (and put back).
  const password = page.getByTestId("password");
  await password.getByLabel("Nouveau mot de passe", { exact: true }).fill("abc");
  await expect(password).toContainText("Il manque : au moins 8 caractères, un chiffre");
  await password.getByLabel("Confirmez le nouveau mot de passe").fill("abc");
  await password.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(password.getByText("Ce mot de passe est trop faible.")).toBeVisible();
  await expect(password.getByText("Saisissez votre mot de passe actuel.")).toBeVisible();
  await password.getByLabel("Mot de passe actuel").fill("Pas-Le-Bon-2027");
  await password.getByLabel("Nouveau mot de passe", { exact: true }).fill("Awa-Nouveau-2027");
  await password.getByLabel("Confirmez le nouveau mot de passe").fill("Awa-Nouveau-2027");
  await password.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(password.getByText("Ce n'est pas votre mot de passe actuel.")).toBeVisible();
  let current = account("student").password;
  for (const next of ["Awa-Nouveau-2027", account("student").password]) {
    await password.getByLabel("Mot de passe actuel").fill(current);
    await password.getByLabel("Nouveau mot de passe", { exact: true }).fill(next);
    await password.getByLabel("Confirmez le nouveau mot de passe").fill(next);
    await password.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByText("Votre mot de passe a été changé.").first()).toBeVisible();
    await expect(password.getByLabel("Nouveau mot de passe", { exact: true })).toHaveValue("");
    current = next;
  }

  // Language: English is saved and the page opens in English.
  await page.getByTestId("language").getByText("English", { exact: true }).click();
  await page.getByTestId("language").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/student\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect((await serviceClient().from("profiles").select("preferred_locale").eq("id", STUDENT_ID).single()).data?.preferred_locale).toBe("en");

  // The top bar's switch saves it too.
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/dashboard\/student\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
  expect((await serviceClient().from("profiles").select("preferred_locale").eq("id", STUDENT_ID).single()).data?.preferred_locale).toBe("fr");
});

test("the student's notification preference persists and the list filters unread", async ({ page }) => {
  await signInAs(page, "student");
  // The bell leads to the full page.
  await page.getByTestId("notification-bell").click();
  await page.getByRole("link", { name: "Voir toutes les notifications" }).click();
  await expect(page).toHaveURL(/\/dashboard\/student\/notifications$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");

  const box = page.getByLabel("E-mail pour « Paiements »");
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Préférence enregistrée").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("E-mail pour « Paiements »")).toBeChecked();
  await expect(page.getByLabel("SMS pour « Début de cours »")).toBeChecked(); // seeded

  const { count } = await serviceClient().from("student_notifications").select("id", { count: "exact", head: true }).eq("user_id", STUDENT_ID).eq("is_read", false).eq("is_dismissed", false);
  const items = page.getByTestId("notification-item");
  await expect(items.filter({ hasNotText: "Non lue" }).first()).toBeVisible(); // read ones are listed too
  await page.getByText("Non lues seulement", { exact: true }).click();
  await expect(page).toHaveURL(/n\.f\.unread=1/);
  await expect(items).toHaveCount(Math.min(count!, 10));
  for (const item of await items.all()) await expect(item).toContainText("Non lue");

  // Type filter: only payments.
  await page.getByText("Non lues seulement", { exact: true }).click();
  await page.getByTestId("filter-type").selectOption("payment");
  await expect(items.first()).toContainText("Paiements");
  for (const item of await items.all()) await expect(item).toContainText("Paiements");
});

test("the teacher saves meeting settings", async ({ page }) => {
  await signInAs(page, "teacher");
  await page.goto("/dashboard/teacher/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres");
  await page.getByText("Microsoft Teams", { exact: true }).click();
  const link = page.getByLabel("Lien de réunion personnel");
  await link.fill("http://teams.example.cm/salle");
  await page.getByTestId("meeting-settings").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Saisissez un lien complet commençant par https://")).toBeVisible();
  await link.fill("https://teams.microsoft.com/l/meetup-join/mbarga");
  await page.getByTestId("meeting-settings").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Enregistré avec succès").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Microsoft Teams")).toBeChecked();
  await expect(page.getByLabel("Lien de réunion personnel")).toHaveValue("https://teams.microsoft.com/l/meetup-join/mbarga");
  const { data } = await serviceClient().from("teacher_settings").select("default_meeting_platform, personal_meeting_url").eq("user_id", TEACHER_ID).single();
  expect(data).toEqual({ default_meeting_platform: "teams", personal_meeting_url: "https://teams.microsoft.com/l/meetup-join/mbarga" });
});

test("the admin's notifications page shows the outbox, recipients masked", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/notifications");
  const outbox = page.getByTestId("outbox");
  // The header and the 4 seeded messages, and any copies a worker run queued since.
  await expect(outbox.getByRole("row").nth(4)).toBeVisible();
  await expect(outbox).toContainText("+237 6••••••01");
  await expect(outbox).not.toContainText("690000001");
});

const PAGES = [
  { role: "student", path: "/dashboard/student/profile", ready: "personal-data" },
  { role: "student", path: "/dashboard/student/notifications", ready: "notification-preferences" },
  { role: "teacher", path: "/dashboard/teacher/settings", ready: "meeting-settings" },
  { role: "teacher", path: "/dashboard/teacher/profile", ready: "personal-data" },
  { role: "admin", path: "/dashboard/admin/notifications", ready: "outbox" },
] as const;

for (const locale of ["fr", "en"] as const) {
  for (const role of ["student", "teacher", "admin"] as const) {
    test(`the ${role}'s profile, notifications and settings pages pass axe A/AA in ${locale}`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAs(page, role);
      for (const { path, ready } of PAGES.filter((p) => p.role === role)) {
        await page.goto(locale === "en" ? `/en${path}` : path);
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expectNoAxeViolations(page, { settled: true });
      }
    });
  }
}

test("the privacy notice is public in both languages and linked from the footer", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Confidentialité" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confidentialité et données personnelles");
  await expectNoAxeViolations(page, { settled: true });
  await page.goto("/en/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy and personal data");
  await expectNoAxeViolations(page, { settled: true });
});
