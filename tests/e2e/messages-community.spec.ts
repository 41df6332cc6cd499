// Messages and community in a real browser against the seeded stack: a message arriving
// live in a second signed-in browser, attachments, search, an admin's announcement, a
// course board's post, comment, reaction and report, and the teacher hiding the post.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, signInAs, signedIn } from "./dashboard.ts";

type Role = "student" | "teacher" | "admin";

const conversation = (page: Page, title: string) => page.getByTestId("conversation-item").filter({ hasText: title });

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("a student's message reaches the teacher live, with the unread count; attachment and search", async ({ browser }) => {
  const student = await signedIn(browser, "student");
  const teacher = await signedIn(browser, "teacher");
  await teacher.goto("/dashboard/teacher/messages");
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Messages");
  // Each role's own introduction (not the students' "vos enseignants, vos camarades").
  await expect(teacher.getByText("Vos conversations avec vos étudiants, vos collègues et l'administration.")).toBeVisible();
  const avl = conversation(teacher, "Question sur les arbres AVL");
  await expect(avl.getByTestId("unread-count")).toContainText("1");

  await student.goto("/dashboard/student/messages");
  await conversation(student, "Question sur les arbres AVL").click();
  await expect(student.getByTestId("thread-title")).toHaveText("Question sur les arbres AVL");
  await student.getByLabel("Votre message").fill("Message en direct : la rotation gauche-droite ?");
  await student.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(student.getByTestId("thread").getByText("Message en direct : la rotation gauche-droite ?")).toBeVisible();

  // The teacher's page shows it without a reload: one more unread, then the thread.
  await expect(avl.getByTestId("unread-count")).toContainText("2");
  await expect(avl).toContainText("Message en direct : la rotation gauche-droite ?");
  await avl.click();
  await expect(teacher.getByTestId("thread").getByText("Message en direct : la rotation gauche-droite ?")).toBeVisible();
  await expect(avl.getByTestId("unread-count")).toHaveCount(0);

  // An attachment: uploaded with the message, downloaded by the teacher.
  const pdf = Buffer.from("%PDF-1.4\n% polycopié AVL\n");
  await student.getByTestId("attach-input").setInputFiles({ name: "exercice-avl.pdf", mimeType: "application/pdf", buffer: pdf });
  await student.getByLabel("Votre message").fill("Voici mon exercice.");
  await student.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(student.getByTestId("attachment").filter({ hasText: "exercice-avl.pdf" })).toBeVisible();
  const attachment = teacher.getByTestId("attachment").filter({ hasText: "exercice-avl.pdf" });
  await expect(attachment).toBeVisible();
  const [download] = await Promise.all([teacher.waitForEvent("download"), attachment.click()]);
  expect(download.suggestedFilename()).toBe("exercice-avl.pdf");
  expect(readFileSync((await download.path())!)).toEqual(pdf);
  // A file the bucket would refuse is explained before sending.
  await student.getByTestId("attach-input").setInputFiles({ name: "script.sh", mimeType: "text/x-sh", buffer: Buffer.from("echo") });
  await expect(student.getByText("script.sh n'est pas un PDF, une image ou un document bureautique.")).toBeVisible();

  // Search, on the server, in my conversations.
  await student.getByTestId("message-search").fill("rotation gauche");
  await student.getByRole("button", { name: "Rechercher" }).click();
  await expect(student.getByTestId("search-hit").filter({ hasText: "Message en direct : la rotation gauche-droite ?" })).toBeVisible();
  await student.getByTestId("message-search").fill("zzz-introuvable");
  await student.getByRole("button", { name: "Rechercher" }).click();
  await expect(student.getByText("Aucun message ne contient « zzz-introuvable ».")).toBeVisible();

  await student.context().close();
  await teacher.context().close();
});

test("the admin announces to a course; the student gets the message and a notification", async ({ browser }) => {
  const admin = await signedIn(browser, "admin");
  await admin.goto("/dashboard/admin/messages");
  await admin.getByRole("button", { name: "Envoyer une annonce" }).click();
  const form = admin.getByTestId("announcement-form");
  await form.getByRole("button", { name: "Envoyer" }).click();
  await expect(form.getByText("Choisissez les destinataires.")).toBeVisible();
  await form.getByTestId("target-select").selectOption({ label: "INF-L2-101 — Algorithmique et structures de données" });
  await form.getByLabel("Titre").fill("Séance de rattrapage samedi");
  await form.getByLabel("Texte de l'annonce").fill("Une séance de rattrapage aura lieu samedi à 9 h en ligne.");
  await form.getByRole("button", { name: "Envoyer" }).click();
  await expect(admin.getByText(/Annonce envoyée à \d+ personnes?\./)).toBeVisible();
  // The sender's inbox: one thread for the announcement (not one per recipient), its reach.
  await expect(admin.getByText("Vos conversations, les annonces envoyées et la modération de la communauté.")).toBeVisible();
  const sent = conversation(admin, "Séance de rattrapage samedi");
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId("announcement-reads")).toHaveText(/^Lue par 0 sur \d+ destinataires$/);
  await expect(conversation(admin, "Devoir surveillé reporté")).toHaveCount(1);
  await sent.click();
  await admin.getByTestId("announcement-recipients").locator("summary").click();
  await expect(admin.getByTestId("announcement-recipients").getByText("non lue").first()).toBeVisible();
  await expect(admin.getByText("Une annonce envoyée ne se complète pas : envoyez-en une nouvelle si besoin.")).toBeVisible();
  await admin.context().close();

  const student = await signedIn(browser, "student");
  await student.goto("/dashboard/student/messages");
  const item = conversation(student, "Séance de rattrapage samedi");
  await expect(item.getByTestId("unread-count")).toContainText("1");
  await item.click();
  await expect(student.getByTestId("thread").getByText("Une séance de rattrapage aura lieu samedi à 9 h en ligne.")).toBeVisible();
  await expect(student.getByText("Les annonces ne reçoivent pas de réponse.")).toBeVisible();
  await student.goto("/dashboard/student/notifications");
  await expect(student.getByTestId("notification-item").filter({ hasText: "Séance de rattrapage samedi" })).toBeVisible();
  await student.context().close();
});

test("the student posts, comments, reacts and reports; the teacher hides the post", async ({ browser }) => {
  const student = await signedIn(browser, "student");
  await student.goto("/dashboard/student/community");
  await expect(student.getByRole("heading", { level: 1 })).toHaveText("Communauté");
  // The page opens on the programme's board, not on the first course alphabetically.
  await expect(student.getByTestId("board-select").locator("option:checked")).not.toHaveText(/^ANG-/);
  await student.getByTestId("board-select").selectOption({ label: "INF-L2-101 — Algorithmique et structures de données" });
  await expect(student.getByTestId("post").first()).toBeVisible();

  await student.getByRole("button", { name: "Nouvelle publication" }).first().click();
  const form = student.getByTestId("post-form");
  // The dialog says where the post goes (the board being read) and lets the author change it.
  await expect(form.getByLabel("Publier dans").locator("option:checked")).toHaveText("INF-L2-101 — Algorithmique et structures de données");
  await form.getByRole("button", { name: "Publier" }).click();
  await expect(form.getByText("Donnez un titre (200 caractères au plus).")).toBeVisible();
  await form.getByLabel("Titre").fill("Arbres rouges-noirs en examen ?");
  await form.getByLabel("Texte").fill("Les arbres rouges-noirs seront-ils au programme de l'examen ?");
  await form.getByRole("button", { name: "Publier" }).click();

  const post = student.getByTestId("post").filter({ hasText: "Arbres rouges-noirs en examen ?" });
  await expect(post).toBeVisible();
  await post.getByRole("button", { name: /Afficher les commentaires/ }).click();
  await post.getByLabel("Votre commentaire").fill("Je pose la question pour tout le groupe.");
  await post.getByRole("button", { name: "Commenter" }).click();
  await expect(post.getByTestId("comment").filter({ hasText: "Je pose la question pour tout le groupe." })).toBeVisible();

  await post.getByTestId("react-like").first().click();
  await expect(post.getByTestId("react-like").first()).toHaveAttribute("aria-pressed", "true");
  await expect(post.getByTestId("react-like").first()).toContainText("1");

  await post.getByRole("button", { name: "Signaler" }).first().click();
  const report = student.getByTestId("report-form");
  await report.getByLabel("Motif").fill("Question déjà posée en cours.");
  await report.getByRole("button", { name: "Signaler" }).click();
  await expect(post.getByText("Signalement transmis aux modérateurs. Merci.")).toBeVisible();
  // students see no moderation controls
  await expect(post.getByTestId("moderation-controls")).toHaveCount(0);

  // The teacher handles the report from the messages page's Modération tab.
  const teacher = await signedIn(browser, "teacher");
  await teacher.goto("/dashboard/teacher/messages?tab=moderation");
  const reported = teacher.getByTestId("report").filter({ hasText: "Arbres rouges-noirs en examen ?" });
  await expect(reported).toContainText("Question déjà posée en cours.");
  await reported.getByRole("button", { name: "Masquer", exact: true }).click();
  await teacher.getByRole("combobox", { name: "État" }).selectOption("resolved");
  await expect(teacher.getByTestId("report").filter({ hasText: "Arbres rouges-noirs en examen ?" })).toContainText("Masqué");

  await student.reload();
  await student.getByTestId("board-select").selectOption({ label: "INF-L2-101 — Algorithmique et structures de données" });
  await expect(student.getByTestId("post").first()).toBeVisible();
  await expect(student.getByTestId("post").filter({ hasText: "Arbres rouges-noirs en examen ?" })).toHaveCount(0);
  await student.context().close();
  await teacher.context().close();
});

test("the messages and community pages pass axe A/AA in French and English", async ({ browser }) => {
  // The messages page is one component for every role: the student's, in both languages, with
  // an open thread in French; the teacher's moderation tab; the community board, empty and busy.
  const pages: [Role, string, ("" | "/en")[]][] = [
    ["student", "/dashboard/student/messages", ["", "/en"]],
    ["student", "/dashboard/student/community", ["", "/en"]],
    ["teacher", "/dashboard/teacher/messages?tab=moderation", [""]],
  ];
  for (const role of ["student", "teacher"] as const) {
    const page = await signedIn(browser, role);
    for (const [, path, prefixes] of pages.filter(([r]) => r === role)) {
      for (const prefix of prefixes) {
        await page.goto(`${prefix}${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(path.includes("community") ? (prefix ? "Community" : "Communauté") : "Messages");
        if (path.endsWith("/messages")) await expect(page.getByTestId("conversation-item").first()).toBeVisible();
        if (path.includes("community")) {
          // a course board without posts shows its empty state; check it once, then a busy board
          const quiet = await page.getByTestId("board-select").locator("option", { hasText: "ANG-L2-106" }).getAttribute("value");
          await page.getByTestId("board-select").selectOption(quiet!);
          await expect(page.getByTestId("empty-state")).toBeVisible();
          if (!prefix) await expectNoAxeViolations(page, { settled: true });
          await page.getByTestId("board-select").selectOption({ label: "INF-L2-101 — Algorithmique et structures de données" });
          await expect(page.getByTestId("post").first()).toBeVisible();
        }
        if (path.includes("moderation")) await expect(page.getByTestId("report").first()).toBeVisible();
        await expectNoAxeViolations(page, { settled: true });
      }
    }
    if (role === "student") {
      await page.goto("/dashboard/student/messages");
      await conversation(page, "Projet tutoré").click();
      await expect(page.getByTestId("message").first()).toBeVisible();
      await expectNoAxeViolations(page, { settled: true });
    }
    await page.context().close();
  }
});

test("a new message goes to a person picked in the searchable list", async ({ browser }) => {
  const page = await signedIn(browser, "student");
  await page.goto("/dashboard/student/messages");
  await page.getByRole("button", { name: "Nouveau message" }).first().click();
  const form = page.getByTestId("new-message-form");
  await form.getByRole("button", { name: "Envoyer" }).click();
  await expect(form.getByText("Choisissez un destinataire.")).toBeVisible();
  await form.getByRole("combobox", { name: "Destinataire" }).fill("Mbarga");
  await page.getByRole("option", { name: "Jean-Paul Mbarga (vous enseigne)" }).click();
  await form.getByLabel("Message").fill("Bonjour Monsieur, voici mon plan de projet.");
  await form.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByTestId("thread").getByText("Bonjour Monsieur, voici mon plan de projet.")).toBeVisible();
  await page.context().close();
});

test("on a phone, the list comes first, then the thread with a way back", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInAs(page, "student");
  await page.goto("/dashboard/student/messages");
  await conversation(page, "Projet tutoré").click();
  await expect(page.getByTestId("conversation-list")).toBeHidden();
  await expect(page.getByTestId("thread")).toBeVisible();
  await page.getByRole("button", { name: "Retour aux conversations" }).click();
  await expect(page.getByTestId("conversation-list")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
