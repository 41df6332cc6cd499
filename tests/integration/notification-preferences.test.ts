// Profile and notification settings against the seeded stack, through the dashboard's own
// data modules: each person reads and changes only their own preferences, contacts and
// settings; the outbox is for admins; "download my data" returns one's own records only.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { fetchPreferences, listNotificationsPage, listOutbox, savePreference } from "../../src/dashboard/notifications/data.ts";
import {
  exportMyData,
  fetchOwnContacts,
  fetchOwnProfile,
  fetchStudentRecord,
  fetchTeacherSettings,
  saveName,
  savePhone,
  savePreferredLocale,
  saveTeacherSettings,
  uploadAvatar,
} from "../../src/dashboard/profile/data.ts";
import { DEFAULT_CHANNELS } from "../../src/lib/notifications/preferences.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";
import { createUser, TEST_PASSWORD } from "../fixtures/teaching.ts";

const stack = useLocalStack();
const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
let student: SupabaseClient, teacher: SupabaseClient, admin: SupabaseClient, other: SupabaseClient;
let studentId: string, teacherId: string, otherId: string;

beforeAll(async () => {
  student = await signInAs(stack(), account("student").email, account("student").password);
  teacher = await signInAs(stack(), account("teacher").email, account("teacher").password);
  admin = await signInAs(stack(), account("admin").email, account("admin").password);
  const email = `other-${crypto.randomUUID()}@test.cm`;
  otherId = await createUser(stack(), email);
  await stack().sql("insert into public.user_roles (user_id, role) values ($1, 'student') on conflict do nothing", [otherId]);
  other = await signInAs(stack(), email, TEST_PASSWORD);
  studentId = (await student.auth.getUser()).data.user!.id;
  teacherId = (await teacher.auth.getUser()).data.user!.id;
});

describe("notification preferences", () => {
  it("shows defaults for untouched types, saves a change and reads it back", async () => {
    const before = await fetchPreferences(other, otherId);
    expect(before.find((p) => p.type === "grade_published")).toEqual({ type: "grade_published", ...DEFAULT_CHANNELS });
    await savePreference(other, otherId, { type: "grade_published", in_app: true, email: true, sms: false });
    await savePreference(other, otherId, { type: "grade_published", in_app: false, email: true, sms: true });
    expect((await fetchPreferences(other, otherId)).find((p) => p.type === "grade_published")).toEqual({
      type: "grade_published",
      in_app: false,
      email: true,
      sms: true,
    });
    expect(await stack().sql("select count(*)::int as n from public.notification_preferences where user_id = $1", [otherId])).toEqual([{ n: 1 }]);
  });

  it("never reads or changes someone else's", async () => {
    await savePreference(other, otherId, { type: "payment", in_app: false, email: false, sms: false });
    // The student asks for the other's rows: RLS answers with none, so only defaults.
    expect((await fetchPreferences(student, otherId)).find((p) => p.type === "payment")).toEqual({ type: "payment", ...DEFAULT_CHANNELS });
    // Writing them is refused (insert with another's id) and changes nothing.
    await expect(savePreference(student, otherId, { type: "payment", in_app: true, email: true, sms: true })).rejects.toThrow();
    expect(await stack().sql("select in_app, email, sms from public.notification_preferences where user_id = $1 and type = 'payment'", [otherId])).toEqual([
      { in_app: false, email: false, sms: false },
    ]);
  });
});

describe("contacts and profile", () => {
  it("a user saves its own phone and name, not another's", async () => {
    await savePhone(other, otherId, "+237677001122");
    expect(await fetchOwnContacts(other, otherId)).toEqual({ phone: "+237677001122" });
    await expect(savePhone(student, otherId, "+237699999999")).rejects.toThrow();
    expect(await fetchOwnContacts(student, otherId)).toEqual({ phone: null }); // not readable either
    await saveName(other, otherId, "Autre Étudiant");
    await saveName(student, otherId, "Piraté");
    await savePreferredLocale(other, otherId, "en");
    expect(await fetchOwnProfile(other, otherId)).toMatchObject({ full_name: "Autre Étudiant", preferred_locale: "en" });
  });

  it("uploads a photo into the user's own avatars folder and saves its URL", async () => {
    const png = new Blob([Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10])], { type: "image/png" });
    const url = await uploadAvatar(other, otherId, png);
    expect(url).toContain(`/avatars/${otherId}/`);
    expect((await fetchOwnProfile(other, otherId))?.avatar_url).toBe(url);
    const { error } = await student.storage.from("avatars").upload(`${otherId}/x.png`, png, { contentType: "image/png" });
    expect(error).not.toBeNull();
  });

  it("shows the student its matricule, programme and level", async () => {
    const record = await fetchStudentRecord(student, studentId);
    expect(record?.matricule).toMatch(/^\d{2}UO0001$/);
    expect(record?.level?.code).toBe("L2");
    expect(record?.programme?.fr).toBeTruthy();
    expect(await fetchStudentRecord(other, studentId)).toBeNull();
  });
});

describe("teacher settings", () => {
  it("the teacher saves its own platform and link; others cannot", async () => {
    await saveTeacherSettings(teacher, teacherId, { default_meeting_platform: "teams", personal_meeting_url: "https://teams.microsoft.com/l/meetup-join/abc" });
    await saveTeacherSettings(teacher, teacherId, { default_meeting_platform: "zoom", personal_meeting_url: "https://zoom.us/j/9123456789" });
    expect(await fetchTeacherSettings(teacher, teacherId)).toEqual({ default_meeting_platform: "zoom", personal_meeting_url: "https://zoom.us/j/9123456789" });
    await expect(saveTeacherSettings(student, studentId, { default_meeting_platform: "zoom", personal_meeting_url: null })).rejects.toThrow();
    await expect(saveTeacherSettings(student, teacherId, { default_meeting_platform: "teams", personal_meeting_url: null })).rejects.toThrow();
    await expect(saveTeacherSettings(teacher, teacherId, { default_meeting_platform: "zoom", personal_meeting_url: "http://insecure.example" })).rejects.toThrow();
    expect((await fetchTeacherSettings(teacher, teacherId)).personal_meeting_url).toBe("https://zoom.us/j/9123456789");
  });
});

describe("the outbox", () => {
  it("is read by admins, not by students or teachers", async () => {
    await stack().sql("insert into public.outbox_messages (channel, recipient, user_id, kind, body, status) values ('sms', '+237690000001', $1, 'announcement', 'Test', 'logged')", [studentId]);
    expect((await listOutbox(admin, { page: 0, pageSize: 10 })).total).toBeGreaterThan(0);
    expect(await listOutbox(student, { page: 0, pageSize: 10 })).toEqual({ items: [], total: 0 });
    expect(await listOutbox(teacher, { page: 0, pageSize: 10 })).toEqual({ items: [], total: 0 });
    const { error } = await student.from("outbox_messages").insert({ channel: "sms", recipient: "+237690000001", body: "x" });
    expect(error).not.toBeNull();
  });
});

describe("the notifications page", () => {
  it("pages on the server and filters unread and by type", async () => {
    for (let i = 0; i < 7; i++)
      await stack().sql(
        `insert into public.student_notifications (user_id, type, title, message, is_read, created_at)
         values ($1, $2, $3, 'm', $4, now() - make_interval(mins => $5))`,
        [otherId, i % 2 ? "payment" : "announcement", `n${i}`, i < 3, i],
      );
    const first = await listNotificationsPage(other, otherId, { page: 0, pageSize: 5 });
    expect([first.total, first.items.map((n) => n.title)]).toEqual([7, ["n0", "n1", "n2", "n3", "n4"]]);
    expect((await listNotificationsPage(other, otherId, { page: 1, pageSize: 5 })).items.map((n) => n.title)).toEqual(["n5", "n6"]);
    const unread = await listNotificationsPage(other, otherId, { page: 0, pageSize: 10, unreadOnly: true });
    expect(unread.items.map((n) => n.title)).toEqual(["n3", "n4", "n5", "n6"]);
    const payments = await listNotificationsPage(other, otherId, { page: 0, pageSize: 10, type: "payment" });
    expect(payments.items.map((n) => n.title)).toEqual(["n1", "n3", "n5"]);
    expect((await listNotificationsPage(student, otherId, { page: 0, pageSize: 10 })).total).toBe(0);
  });
});

describe("download my data", () => {
  it("returns the user's own records, with the matricule, and nobody else's", async () => {
    const data = await exportMyData(student);
    expect(data).toMatchObject({ user_id: studentId, email: account("student").email, roles: ["student"] });
    const registrations = data.registrations as { student_number: string; student_id: string }[];
    expect(registrations[0].student_number).toMatch(/^\d{2}UO0001$/);
    for (const part of ["enrolments", "grades", "submissions", "payments", "receipts", "applications", "notifications", "messages_sent"]) expect(Array.isArray(data[part]), part).toBe(true);
    expect((data.enrolments as unknown[]).length).toBeGreaterThan(0);
    const ids = JSON.stringify(data);
    expect(ids).not.toContain(otherId);
    expect((data.notifications as { user_id: string }[]).every((n) => n.user_id === studentId)).toBe(true);
    const { data: anon } = await stack().client().rpc("export_my_data");
    expect(anon ?? null).toBeNull();
  });
});

describe("private.wants_notification", () => {
  it("answers from the stored preference, else in-app only", async () => {
    await savePreference(other, otherId, { type: "assignment_due", in_app: false, email: false, sms: true });
    const ask = (kind: string, channel: string) =>
      stack()
        .sql<{ yes: boolean }>("select private.wants_notification($1, $2, $3) as yes", [otherId, kind, channel])
        .then((r) => r[0].yes);
    expect([await ask("assignment_due", "in_app"), await ask("assignment_due", "email"), await ask("assignment_due", "sms")]).toEqual([false, false, true]);
    expect([await ask("announcement", "in_app"), await ask("announcement", "email"), await ask("announcement", "sms")]).toEqual([true, false, false]);
  });
});
