// Notifications in the reader's language (issue 21, item 9), on the seeded stack: the
// database writes each notification in the recipient's profile language plus a template
// key and raw values; the screen says it again in the page's language with Intl. A French
// student who reads in English gets English words, English amounts and dates, an English
// button, and the link to the English page.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { listNotificationsPage, type StudentNotification } from "../../src/dashboard/notifications/data.ts";
import { DASHBOARD_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import type { Locale } from "../../src/lib/locales.ts";
import { notificationText } from "../../src/lib/notifications/texts.ts";
import { createTranslate } from "../../src/lib/translate.ts";
import { signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const demo = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
let student: SupabaseClient;
let studentId: string;

/** What the dashboard shows in `locale` (the page passes the catalogue's dashboard sections). */
const shown = (n: StudentNotification, locale: Locale) => notificationText(n, locale, createTranslate(messagesFor(locale, DASHBOARD_MESSAGE_PATHS), locale));

async function mine(kind: string): Promise<StudentNotification[]> {
  const { items } = await listNotificationsPage(student, studentId, { page: 0, pageSize: 50 });
  return items.filter((n) => n.text_key === kind);
}

beforeAll(async () => {
  student = await signInAs(stack(), demo.email, demo.password);
  studentId = (await student.auth.getUser()).data.user!.id;
  // A French reader, whatever the demo data says.
  await stack().sql("update public.profiles set preferred_locale = 'fr' where id = $1", [studentId]);
});

describe("notifications in the reader's language", () => {
  it("a late-payment reminder: stored in French with French digit grouping, shown in English to an English page", async () => {
    const { error } = await stack().client({ secret: true }).rpc("payment_reminder_messages", { days_before: 3 });
    expect(error).toBeNull();
    const [late] = await mine("paymentLate");
    expect(late, "the demo student has a late instalment").toBeDefined();
    const params = late.text_params as { label: { fr: string; en: string }; remaining_xaf: number; due_on: string };
    expect(params.remaining_xaf).toBeGreaterThan(999);
    expect(params.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Stored for the profile's language (and its e-mail copy): "140 000 FCFA", never "140,000 FCFA".
    expect(late.title).toBe(`Paiement en retard : ${params.label.fr}`);
    expect(late.message).toMatch(/^\d{1,3}(\u202f\d{3})+\u00a0FCFA restent à payer/);
    expect(late.message).not.toMatch(/\d,\d{3}/);

    const fr = shown(late, "fr");
    const en = shown(late, "en");
    const frAmount = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(params.remaining_xaf);
    const enAmount = new Intl.NumberFormat("en-GB", { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(params.remaining_xaf);
    const enDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Douala" }).format(new Date(`${params.due_on}T12:00:00Z`));
    expect(fr).toMatchObject({ title: `Paiement en retard : ${params.label.fr}`, action: "Voir mes paiements" });
    expect(fr.message).toContain(`Il reste ${frAmount} à payer`);
    expect(en).toEqual({
      title: `Late payment: ${params.label.en}`,
      message: `${enAmount} is left to pay; it was due on ${enDay}. Pay by mobile money or bank slip on My payments.`,
      action: "See my payments",
    });
    expect(en.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("a changed session, written by a trigger, says its time in the reader's language", async () => {
    const [event] = await stack().sql<{ id: string; title: string; course: string; start_time: Date }>(
      `select e.id, e.title, c.title as course, e.start_time from public.schedule_events e
       join public.courses c on c.id = e.course_id
       join public.course_enrollments ce on ce.course_id = e.course_id and ce.user_id = $1 and ce.status = 'active'
       where e.start_time > now() + interval '1 day' order by e.start_time limit 1`,
      [studentId],
    );
    expect(event, "the demo student has an upcoming session").toBeDefined();
    await stack().sql("update public.schedule_events set room = coalesce(room, '') || ' B' where id = $1", [event.id]);
    const changed = (await mine("sessionChanged")).find((n) => n.text_params?.session === event.title)!;
    expect(changed.text_params).toMatchObject({ course: event.course, session: event.title });
    expect(changed.title).toBe(`Séance modifiée : ${event.course}`);

    const en = shown(changed, "en");
    const when = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Douala", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(event.start_time),
    );
    expect(en.title).toBe(`Session changed: ${event.course}`);
    expect(en.message).toBe(`${event.title}, ${when} (Douala time): the session's time, place or link has changed.`);
    expect(en.action).toBe("See the timetable");
  });

  it("an application's steps: no gendered word, and the enrolment's variant that gives the matricule", async () => {
    const applicant = await signUpConfirmed(stack(), "nadege.l1@example.cm", "Candidat-2026-ok", { full_name: "Nadège Fouda" });
    const applicantId = (await applicant.auth.getUser()).data.user!.id;
    const admin = await signInAs(stack(), DEMO_ACCOUNTS.find((a) => a.role === "admin")!.email, DEMO_ACCOUNTS.find((a) => a.role === "admin")!.password);
    const [{ id: programme }] = await stack().sql<{ id: string }>("select id from public.programmes where slug = 'software-engineering'");
    const [{ id }] = await stack().sql<{ id: string }>(
      `insert into public.applications (kind, status, applicant_id, full_name, email, programme_id, level_code, study_mode, preferred_locale)
       values ('general', 'submitted', $1, 'Nadège Fouda', 'nadege.l1@example.cm', $2, 'L1', 'online', 'fr') returning id`,
      [applicantId, programme],
    );
    expect((await admin.rpc("decide_applications", { applications: [id], decision: "admitted", programme, level: "L1" })).error).toBeNull();
    const admitted = await admin.rpc("admit_application", { application: id });
    expect(admitted.error).toBeNull();

    const { items } = await listNotificationsPage(applicant, applicantId, { page: 0, pageSize: 10 });
    const accepted = items.find((n) => n.text_key === "application.admitted")!;
    expect(accepted.title).toBe("Candidature acceptée"); // stored: no "admis·e"
    expect(shown(accepted, "en")).toMatchObject({ title: "Application accepted", action: "Follow my application" });
    const enrolled = items.find((n) => n.text_key === "application.enrolled")!;
    expect(enrolled.text_params).toEqual({ matricule: admitted.data.matricule, context: "matricule" });
    expect(shown(enrolled, "en")).toEqual({
      title: "You are registered",
      message: `Your student space is open; your matricule is ${admitted.data.matricule}. Your courses and fees are in it.`,
      action: "Follow my application",
    });
    expect(shown({ ...enrolled, text_params: {} }, "fr").message).toBe("Votre espace étudiant est ouvert. Vous y trouverez vos cours et vos frais.");
  });

  it("a row without a key (an announcement, an older row) keeps its stored words", async () => {
    const [row] = (await listNotificationsPage(student, studentId, { page: 0, pageSize: 50 })).items.filter((n) => !n.text_key);
    expect(row, "the demo data has rows without a key").toBeDefined();
    expect(shown(row, "en")).toEqual({ title: row.title, message: row.message, action: row.action_label });
  });
});
