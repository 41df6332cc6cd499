// Written offline, sent once (issue 24 §3), in a real browser: the demo student, on the
// assignments page already loaded, loses the network, hands in a text and a file, sees the
// copy "En attente d'envoi" with what arriving after the deadline will mean; the network
// returns, the copy goes, the answer of the first send is lost on the way back (the request
// reached the server; the browser sees a dropped line), the outbox sends it again with the
// same key, and the teacher finds the copy handed in once, with one file. A message written
// offline arrives once too, and one cancelled while it waits never does. The assignment is the
// test's own, removed afterwards.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { account, expectNoAxeViolations, signInAs, signedIn } from "./dashboard.ts";
import { serviceClient } from "./stack.ts";

// The demo student and teacher (supabase/seed.sql).
const DEMO_STUDENT = "00000000-0000-4000-a000-000000000001";
const DEMO_TEACHER = "00000000-0000-4000-a000-000000000002";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/**
 * The student's browser, where the test cuts and restores the network. Chromium in the
 * tests' network namespace (loopback only) believes it is always offline (navigator.onLine
 * is false, and no `online` event ever comes), so the page is told as a browser on a real
 * line would tell it — navigator.onLine and the online/offline events — while
 * context.setOffline really cuts its requests.
 */
async function studentOnALine(browser: Browser): Promise<{ page: Page; line: (up: boolean) => Promise<void> }> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    let online = true;
    Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => online });
    Object.assign(window, {
      uelLine(up: boolean) {
        online = up;
        window.dispatchEvent(new Event(up ? "online" : "offline"));
      },
    });
  });
  const page = await context.newPage();
  await signInAs(page, "student");
  const line = async (up: boolean) => {
    await context.setOffline(!up);
    await page.evaluate((value) => (window as unknown as { uelLine(up: boolean): void }).uelLine(value), up);
  };
  return { page, line };
}

test("a copy handed in offline is kept, sent when the network returns, and handed in once", async ({ browser }) => {
  const db = serviceClient();
  const { data: course } = await db.from("courses").select("id, teacher_id").eq("code", "INF-L2-102").single();
  expect(course!.teacher_id).toBe(DEMO_TEACHER); // the demo teacher teaches it (supabase/seed.sql)
  const title = `Devoir hors ligne ${Date.now() % 100000}`;
  const { data: assignment, error } = await db
    .from("assignments")
    .insert({ course_id: course!.id, title, instructions: "Rendez un PDF.", due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), late_policy: "refuse" })
    .select("id")
    .single();
  expect(error).toBeNull();
  try {
    const { page: student, line } = await studentOnALine(browser);
    await student.goto("/dashboard/student/assignments");
    const card = student.getByTestId("student-assignment").filter({ hasText: title });
    await expect(card).toContainText("À rendre");
    await expect(card.getByTestId("offline-note")).toHaveCount(0);

    // The line drops: the page, already here, says before anything is sent what will happen.
    await line(false);
    await expect(card.getByTestId("offline-note")).toContainText("Hors ligne. Votre travail sera envoyé au retour du réseau. Il sera daté de son arrivée au serveur ; après la date limite (");
    await expect(card.getByTestId("offline-note")).toContainText("), il sera refusé.");
    await card.getByLabel("Votre texte (facultatif)").fill("Copie écrite hors ligne.");
    await card.getByLabel("Fichiers à rendre").setInputFiles({ name: "copie.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 copie hors ligne") });
    await card.getByRole("button", { name: "Rendre", exact: true }).click();
    const kept = card.getByTestId("pending-write");
    await expect(kept).toContainText("En attente d'envoi");
    await expect(kept).toContainText("Mis en attente le");
    await expect(kept).toContainText("Copie écrite hors ligne.");
    await expect(kept).toContainText("Fichiers : copie.pdf");
    await expect(kept).toContainText("il sera refusé");
    await expectNoAxeViolations(student);

    // The first hand_in reaches the server, but its answer is lost on the way back.
    let handIns = 0;
    let uploads = 0;
    await student.route("**/rest/v1/rpc/hand_in", async (route) => {
      handIns += 1;
      if (handIns > 1) return route.continue();
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await student.route("**/storage/v1/object/submissions/**", (route) => {
      if (route.request().method() !== "GET") uploads += 1;
      return route.continue();
    });
    await line(true);
    await expect.poll(() => handIns).toBe(1);
    await expect(kept).toContainText("En attente d'envoi"); // the answer lost: it waits again
    // Sent again (after the outbox's first 5 s wait on a bad line): the key is found on the
    // server, so nothing is uploaded or written a second time.
    await expect(card.getByRole("status")).toHaveText("Copie rendue.", { timeout: 30_000 });
    await expect(card.getByTestId("pending-write")).toHaveCount(0);
    await expect(card).toContainText("Rendu le");
    expect({ handIns, uploads }).toEqual({ handIns: 1, uploads: 1 });

    const { data: rows } = await db.from("assignment_submissions").select("body, files").eq("assignment_id", assignment!.id);
    expect(rows).toEqual([{ body: "Copie écrite hors ligne.", files: [`${course!.id}/${assignment!.id}/${DEMO_STUDENT}/copie.pdf`] }]);
    const { data: objects } = await db.storage.from("submissions").list(`${course!.id}/${assignment!.id}/${DEMO_STUDENT}`);
    expect((objects ?? []).map((o) => o.name)).toEqual(["copie.pdf"]);

    // The teacher finds it handed in once.
    const teacher = await signedIn(browser, "teacher");
    await teacher.goto("/dashboard/teacher/assignments");
    await expect(teacher.getByRole("row").filter({ hasText: title })).toContainText("Rendus : 1");
    await teacher.getByRole("link", { name: `Voir les copies — ${title}` }).click();
    const copies = teacher.getByTestId("student-copy").filter({ hasText: account("student").fullName });
    await expect(copies).toHaveCount(1);
    await expect(copies.getByRole("button", { name: "Télécharger copie.pdf" })).toBeVisible();
    await expect(copies).toContainText("Copie écrite hors ligne.");
  } finally {
    const { data: files } = await db.from("assignment_submissions").select("files").eq("assignment_id", assignment!.id);
    const paths = (files ?? []).flatMap((f: { files: string[] }) => f.files);
    if (paths.length) await db.storage.from("submissions").remove(paths);
    await db.from("assignments").delete().eq("id", assignment!.id);
  }
});

test("work kept offline that reaches the server after a refusing deadline: not sent, said so, kept until the student gives it up", async ({ browser }) => {
  const db = serviceClient();
  const { data: course } = await db.from("courses").select("id").eq("code", "INF-L2-102").single();
  const title = `Devoir refusé ${Date.now() % 100000}`;
  const { data: assignment } = await db
    .from("assignments")
    .insert({ course_id: course!.id, title, due_at: new Date(Date.now() + 86_400_000).toISOString(), late_policy: "refuse" })
    .select("id")
    .single();
  try {
    const { page: student, line } = await studentOnALine(browser);
    await student.goto("/dashboard/student/assignments");
    const card = student.getByTestId("student-assignment").filter({ hasText: title });
    await expect(card).toContainText("À rendre");
    await line(false);
    await card.getByLabel("Votre texte (facultatif)").fill("Rendu trop tard.");
    await card.getByRole("button", { name: "Rendre", exact: true }).click();
    await expect(card.getByTestId("pending-write")).toContainText("En attente d'envoi");
    // While the device is offline, the deadline passes (by the server's clock).
    await db
      .from("assignments")
      .update({ due_at: new Date(Date.now() - 60_000).toISOString() })
      .eq("id", assignment!.id);
    await line(true);
    const kept = card.getByTestId("pending-write");
    await expect(kept).toContainText("Non envoyé");
    await expect(kept).toContainText("Le serveur ne prend plus de copie pour ce devoir : la date limite est passée à son arrivée");
    await expect(kept).toContainText("Réponse du serveur : this assignment takes no work now");
    await expectNoAxeViolations(student);
    // Tried again: refused again, still there; given up (in two steps): gone from the device.
    await kept.getByRole("button", { name: "Réessayer l'envoi" }).click();
    await expect(kept).toContainText("Non envoyé");
    await kept.getByRole("button", { name: "Abandonner" }).click();
    await kept.getByRole("button", { name: "Confirmer : supprimer de cet appareil" }).click();
    await expect(card.getByTestId("pending-write")).toHaveCount(0);
    const { data: rows } = await db.from("assignment_submissions").select("id").eq("assignment_id", assignment!.id);
    expect(rows).toEqual([]);
  } finally {
    await db.from("assignments").delete().eq("id", assignment!.id);
  }
});

test("a message written offline waits under the thread and arrives once", async ({ browser }) => {
  const db = serviceClient();
  const body = `Écrit hors ligne ${Date.now() % 100000}`;
  const { page: student, line } = await studentOnALine(browser);
  await student.goto("/dashboard/student/messages");
  await student.getByTestId("conversation-item").filter({ hasText: "Groupe de révision" }).click();
  await expect(student.getByTestId("thread-title")).toHaveText("Groupe de révision");
  await expect(student.getByTestId("message").first()).toBeVisible();

  await line(false);
  await expect(student.getByTestId("composer").getByTestId("offline-note")).toHaveText("Hors ligne. Ce sera envoyé au retour du réseau.");
  await student.getByLabel("Votre message").fill(body);
  await student.getByRole("button", { name: "Envoyer", exact: true }).click();
  const pending = student.getByTestId("pending-message").filter({ hasText: body });
  await expect(pending).toContainText("En attente d'envoi");
  await expect(pending).toContainText(body);
  await expect(student.getByLabel("Votre message")).toHaveValue("");
  // A second one, thought better of while it waits: cancelled (in two steps), never sent.
  const regret = `${body} (finalement non)`;
  await student.getByLabel("Votre message").fill(regret);
  await student.getByRole("button", { name: "Envoyer", exact: true }).click();
  const cancelled = student.getByTestId("pending-message").filter({ hasText: regret });
  await expect(cancelled).toContainText("En attente d'envoi");
  await cancelled.getByRole("button", { name: "Annuler l'envoi" }).click();
  await cancelled.getByRole("button", { name: "Confirmer : ne pas l'envoyer" }).click();
  await expect(cancelled).toHaveCount(0);
  await expect(student.getByTestId("pending-message")).toHaveCount(1);

  await line(true);
  await expect(student.getByTestId("thread").getByTestId("message").filter({ hasText: body })).toHaveCount(1);
  await expect(student.getByTestId("pending-message")).toHaveCount(0);
  const { data } = await db.from("messages").select("id, sender_id, body").like("body", `${body}%`);
  expect(data).toEqual([{ id: expect.any(String), sender_id: DEMO_STUDENT, body }]);
});
