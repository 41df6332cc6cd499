// Authentication in the browser against the local stack: sign-up confirmed by the e-mailed
// link (confirmation is on, as on a hosted project), weak password, recovery
// by the e-mailed link (with a code first for an MFA user), MFA enrolment then sign-in with
// a code, logout toast, protected
// pages, the signed-in redirect limit and cross-tab logout.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_API_URL } from "./server-ports.ts";
import { totpCode } from "../../supabase/local/auth/totp.ts";
import { signInAs, signOutFromDashboard } from "./dashboard.ts";

const PASSWORD = "Mot-De-Passe-E2E-2026";
let counter = 0;
const newEmail = (tag: string) => `e2e.${tag}.${Date.now()}.${counter++}@example.cm`;

async function signUp(page: Page, email: string, name = "Étudiant E2E", password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Nom complet").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
}

const mailsTo = async (request: APIRequestContext, email: string) =>
  (await (await request.get(`${E2E_API_URL}/__test/emails?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];

/** Signs up, sees "check your e-mail", follows the e-mailed link: signed in, on the dashboard. */
async function signUpAndConfirm(page: Page, request: APIRequestContext, email: string, name = "Étudiant E2E", password = PASSWORD) {
  await signUp(page, email, name, password);
  await expect(page.getByRole("status")).toContainText("Vérifiez votre boîte e-mail");
  const mail = (await mailsTo(request, email)).at(-1)!;
  await page.goto(/https?:\/\/\S+/.exec(mail.text)![0]);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Adds an authenticator app in the profile (its code of the current 30 s step): the secret. */
async function enrolAuthenticator(page: Page): Promise<string> {
  await page.goto("/dashboard/profile");
  await page.getByLabel("Nom de l'appareil").fill("Mon téléphone");
  await page.getByRole("button", { name: "Ajouter une application d'authentification" }).click();
  await expect(page.getByRole("img", { name: "QR code à scanner avec votre application d'authentification" })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent())!.trim();
  await page.getByLabel("Code à 6 chiffres").fill(totpCode(secret));
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page.getByTestId("mfa-factors")).toContainText("Mon téléphone");
  return secret;
}

test("a visitor signs up, is asked to check the e-mail, and the link signs in: greeted by name, no role yet", async ({ page, request }) => {
  const email = newEmail("signup");
  await signUp(page, email, "Nadine Ewodo");
  await expect(page.getByRole("status")).toContainText("Vérifiez votre boîte e-mail");
  await expect(page).toHaveURL(/\/signup$/);
  const mail = (await mailsTo(request, email)).at(-1)!;
  expect(mail.subject).toBe("Confirmez votre adresse e-mail · Confirm your e-mail address");
  await page.goto(/https?:\/\/\S+/.exec(mail.text)![0]);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Bonjour, Nadine Ewodo");
  await expect(page.getByTestId("no-role")).toBeVisible();
});

test("signing up with an address that already has an account says the same thing, and sends nothing", async ({ page, request }) => {
  const before = (await mailsTo(request, "etudiant@demo.univ.cm")).length;
  await signUp(page, "etudiant@demo.univ.cm", "Quelqu'un");
  await expect(page.getByRole("status")).toContainText("Vérifiez votre boîte e-mail");
  expect((await mailsTo(request, "etudiant@demo.univ.cm")).length).toBe(before);
});

test("a weak password shows the server's reasons in the user's language", async ({ page }) => {
  await signUp(page, newEmail("weak"), "Faible", "abc");
  await expect(page.getByRole("alert")).toContainText("Ce mot de passe est trop faible");
  await expect(page.getByRole("alert")).toContainText("il est trop court");
  await page.goto("/en/signup");
  await page.getByLabel("Full name").fill("Weak");
  await page.getByLabel("E-mail address").fill(newEmail("weak-en"));
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm the password").fill("abc");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("alert")).toContainText("it is too short");
});

test("sign-in without an identifier says what is missing", async ({ page }) => {
  await page.goto("/en/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await page.getByRole("tab", { name: "Phone" }).click();
  await page.getByLabel("Phone number").fill("12");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter a phone number in international format")).toBeVisible();
});

test("forgot password: the e-mailed link opens the reset page and the new password works", async ({ page, request }) => {
  const email = newEmail("reset");
  await signUpAndConfirm(page, request, email);
  // Sign out locally from a page with no redirect rule, so nothing navigates under us.
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  await page.goto("/forgot-password");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("status")).toContainText("un lien pour choisir un nouveau mot de passe");

  const mails = (await (await request.get(`${E2E_API_URL}/__test/emails?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const link = /https?:\/\/\S+/.exec(mails.at(-1)!.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel("Nouveau mot de passe").fill("Nouveau-Mot-De-Passe-E2E");
  await page.getByLabel("Confirmez le mot de passe").fill("Nouveau-Mot-De-Passe-E2E");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe est enregistré.");
  // The reset page never sends a signed-in user away.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/reset-password/);

  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await signIn(page, email, "Nouveau-Mot-De-Passe-E2E");
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test("MFA: enrol in the profile, log out with the toast, sign in again with a code", async ({ page, request }) => {
  const email = newEmail("mfa");
  await signUpAndConfirm(page, request, email, "Paul Mfa");
  const secret = await enrolAuthenticator(page);

  await signOutFromDashboard(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Déconnexion réussie");
  await expect(page.getByTestId("toast")).toContainText("Votre session est bien fermée.");

  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByTestId("mfa-challenge")).toBeVisible();
  // The enrolment's code cannot be replayed: use the next one (accepted for clock drift).
  await page.getByLabel("Code à 6 chiffres").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByTestId("dashboard-greeting")).toHaveText("Bonjour, Paul Mfa");
  const aal = await page.evaluate(() => JSON.parse(atob(JSON.parse(localStorage.getItem("uel-auth")!).access_token.split(".")[1])).aal);
  expect(aal).toBe("aal2");
});

test("forgot password with MFA: the reset page asks for a code before the new password", async ({ page, request }) => {
  const email = newEmail("mfa-reset");
  await signUpAndConfirm(page, request, email, "Rose Mfa");
  const secret = await enrolAuthenticator(page);
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  await page.goto("/forgot-password");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("status")).toContainText("un lien pour choisir un nouveau mot de passe");
  // The recovery link signs in at aal1; the auth service changes the password only at aal2.
  await page.goto(/https?:\/\/\S+/.exec((await mailsTo(request, email)).at(-1)!.text)![0]);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByTestId("mfa-challenge")).toBeVisible();
  await page.getByLabel("Code à 6 chiffres").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.getByLabel("Nouveau mot de passe").fill("Nouveau-Mot-De-Passe-Mfa-2027");
  await page.getByLabel("Confirmez le mot de passe").fill("Nouveau-Mot-De-Passe-Mfa-2027");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe est enregistré.");
});

test("a protected page sends a signed-out visitor to login and back after signing in", async ({ page, request }) => {
  const email = newEmail("protected");
  await signUpAndConfirm(page, request, email);
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());

  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fprofile$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
});

test("a signed-in user on login goes to the dashboard at most 5 times in 30 s", async ({ page, request }) => {
  await signUpAndConfirm(page, request, newEmail("limit"));
  // The confirmation link landed on /login and was itself sent on: start counting afresh.
  await page.evaluate(() => sessionStorage.removeItem("uel-auth-redirects"));
  for (let i = 0; i < 5; i++) {
    await page.goto(i % 2 ? "/signup" : "/login");
    await expect(page).toHaveURL(/\/dashboard\/?$/);
  }
  await page.goto("/login");
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/login$/);
  // After 30 s the counter starts again.
  await page.evaluate(() => {
    const key = "uel-auth-redirects";
    const counter = JSON.parse(sessionStorage.getItem(key)!);
    sessionStorage.setItem(key, JSON.stringify({ ...counter, since: counter.since - 30_000 }));
  });
  await page.goto("/forgot-password");
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test("logging out in one tab signs the other tab out", async ({ context, request }) => {
  const first = await context.newPage();
  await signUpAndConfirm(first, request, newEmail("tabs"));
  const second = await context.newPage();
  await second.goto("/dashboard");
  await expect(second.getByTestId("dashboard-greeting")).toBeVisible();

  await signOutFromDashboard(first);
  await expect(first.getByTestId("toast")).toContainText("Déconnexion réussie");
  await expect(second).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test("an applicant closes the code screen, signs in later, gets a new French code and confirms", async ({ page, request }) => {
  const email = newEmail("later");
  await signUp(page, email, "Awa Later");
  await expect(page.getByRole("status")).toContainText("Vérifiez votre boîte e-mail");
  const first = (await mailsTo(request, email)).at(-1)!;
  expect(first.subject).toBe("Confirmez votre adresse e-mail · Confirm your e-mail address");
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByTestId("confirm-email")).toContainText("Votre adresse e-mail n'est pas encore confirmée");
  // Asked at once, the new code waits: the wait is said in French.
  await page.getByRole("button", { name: "Recevoir un nouveau code" }).click();
  await expect(page.getByRole("alert")).toContainText(/Vous pourrez demander un nouveau code dans \d+ secondes?\./);
  await expect(page.getByText("For security purposes")).toHaveCount(0);
  // The first e-mail's code still confirms.
  await page.getByLabel("Code à 6 chiffres").fill(/\b(\d{6})\b/.exec(first.text)![1]);
  await page.getByRole("button", { name: "Valider le code" }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test("an English applicant signs in unconfirmed and confirms with the code from her English e-mail", async ({ page, request }) => {
  const email = newEmail("later-en");
  await page.goto("/en/signup");
  await page.getByLabel("Full name").fill("Grace Later");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  const mail = (await mailsTo(request, email)).at(-1)!;
  expect(mail.text).toContain("To finish creating your account, enter this code");
  await page.goto("/en/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("confirm-email")).toContainText("Your e-mail address is not confirmed yet");
  await page.getByLabel(/code/i).fill(/\b(\d{6})\b/.exec(mail.text)![1]);
  await page.getByRole("button", { name: /code/i }).first().click();
  await expect(page).toHaveURL(/\/en\/dashboard\/?$/);
});

test("an admin invites a teacher, who receives the French invitation, sets a password and lands in the teacher dashboard", async ({ page, browser, request }) => {
  const email = newEmail("invite");
  await signInAs(page, "admin");
  await page.goto("/dashboard/admin/users");
  await page.getByRole("button", { name: "Créer un compte" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Créer un compte" });
  await dialog.getByLabel("Nom complet").fill("Irène Invitée");
  await dialog.getByLabel("Adresse e-mail").fill(email);
  await dialog.getByText("Envoyer une invitation par e-mail").click();
  await expect(dialog.getByRole("textbox", { name: "Mot de passe" })).toHaveCount(0);
  await dialog.getByText("Enseignant", { exact: true }).click();
  await dialog.getByRole("button", { name: "Créer le compte" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast")).toContainText("Invitation envoyée.");

  const mail = (await mailsTo(request, email)).at(-1)!;
  expect(mail.subject).toBe("Votre accès à l'Université en ligne du Cameroun · Your access to the Online University of Cameroon");
  expect(mail.text).toContain("Bonjour Irène Invitée, un administrateur a créé votre compte.");
  // The invited teacher opens it in a browser of their own.
  const context = await browser.newContext();
  const teacher = await context.newPage();
  await teacher.goto(/https?:\/\/\S+/.exec(mail.text)![0]);
  await expect(teacher).toHaveURL(/\/accept-invite/);
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Bienvenue : choisissez votre mot de passe");
  await teacher.getByLabel("Nouveau mot de passe").fill("Irene-Invitee-2026");
  await teacher.getByLabel("Confirmez le mot de passe").fill("Irene-Invitee-2026");
  await teacher.getByRole("button", { name: "Enregistrer et accéder à mon espace" }).click();
  await expect(teacher).toHaveURL(/\/dashboard\/teacher$/);
  // The password is theirs: a fresh sign-in with it opens the teacher area too.
  await teacher.evaluate(() => localStorage.clear());
  await teacher.goto("/login");
  await signIn(teacher, email, "Irene-Invitee-2026");
  await expect(teacher).toHaveURL(/\/dashboard\/teacher$/);
  // Used once, the link says so with the way forward.
  await teacher.evaluate(() => localStorage.clear());
  await teacher.goto(/https?:\/\/\S+/.exec(mail.text)![0]);
  await expect(teacher.getByTestId("link-problem")).toContainText("Ce lien d'invitation a expiré ou a déjà servi.");
  await context.close();
});

test("the authentication pages hydrate without a console error, in both languages", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(`${new URL(page.url()).pathname}: ${message.text()}`));
  page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  for (const path of ["/login", "/signup", "/forgot-password", "/student-login", "/en/login", "/en/signup", "/en/forgot-password", "/en/student-login"]) {
    await page.goto(path);
    // hydrated: the submit button is enabled only once React runs
    await expect(page.locator("main button[type=submit]").first()).toBeEnabled();
    await page.waitForLoadState("networkidle");
  }
  // Without a session the password pages say how to get a link (after checking for one).
  for (const path of ["/reset-password", "/update-password", "/accept-invite", "/en/reset-password", "/en/accept-invite"]) {
    await page.goto(path);
    await expect(page.getByTestId("link-problem")).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
