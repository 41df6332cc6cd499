import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { countUnread } from "../../src/dashboard/shared/unread-notifications-data.ts";
import { e2eStack, serviceClient } from "./stack.ts";
import { signInAs } from "./dashboard.ts";

const student = DEMO_ACCOUNTS.find((account) => account.role === "student")!;

/** The real worker process, one tick against the e2e stack. */
function workerTick(): Promise<string> {
  const { url, secretKey } = e2eStack();
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["worker/main.ts", "--once"], { env: { PATH: process.env.PATH, SUPABASE_URL: url, SUPABASE_SECRET_KEY: secretKey } }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(stdout),
    ),
  );
}

test("the worker's notice reaches the signed-in student live, opens the class and can be dismissed", async ({ page }) => {
  const admin = serviceClient();
  const { data: profile } = await admin.from("profiles").select("id").eq("full_name", student.fullName).single();
  await signInAs(page, "student");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toBeVisible();

  // First announce what the demo seed has starting soon, so the count below is ours alone.
  await workerTick();
  const before = await countUnread(admin, profile!.id);
  const count = page.getByTestId("notification-count");
  if (before > 0) await expect(count).toHaveText(String(before));

  // A new course with a Zoom class in 5 minutes, the demo student enrolled.
  const { data: school } = await admin.from("schools").select("id").limit(1).single();
  const title = `Atelier e2e ${Date.now()}`;
  const { data: course, error } = await admin
    .from("courses")
    .insert({ code: `E2E-${Date.now() % 100000}`, title, school_id: school!.id, meeting_platform: "zoom", zoom_meeting_id: "987 654 3210", zoom_passcode: "e2e" })
    .select("id")
    .single();
  expect(error).toBeNull();
  await admin.from("course_enrollments").insert({ course_id: course!.id, user_id: profile!.id, status: "active" });
  const start = new Date(Date.now() + 5 * 60_000);
  await admin.from("schedule_events").insert({
    course_id: course!.id,
    title: "Séance en ligne",
    is_online: true,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 3600_000).toISOString(),
  });

  const log = JSON.parse((await workerTick()).trim().split("\n").pop()!);
  expect(log).toMatchObject({ event: "tick", created: 1 });

  // No reload: the count rises through realtime.
  await expect(count).toHaveText(String(before + 1));
  await bell.click();
  const notice = page.getByTestId("notification").filter({ hasText: title });
  await expect(notice).toContainText("Votre cours commence bientôt");
  await expect(notice).toContainText(`${title} commence dans 15 minutes.`);
  const join = notice.getByRole("link", { name: "Rejoindre le cours" });
  await expect(join).toHaveAttribute("href", "https://zoom.us/j/9876543210?pwd=e2e");
  await expect(join).toHaveAttribute("target", "_blank");

  // The same notice on an English page, in English (the student's profile says French).
  await page.goto("/en/dashboard/student/notifications");
  const item = page.getByTestId("notification-item").filter({ hasText: title });
  await expect(item).toContainText("Your class starts soon");
  await expect(item).toContainText(`${title} begins in 15 minutes.`);
  await expect(item.getByRole("link", { name: "Join the class" })).toHaveAttribute("href", "https://zoom.us/j/9876543210?pwd=e2e");
  await page.goto("/dashboard/student");
  await page.getByTestId("notification-bell").click();

  await notice.getByRole("button", { name: "Ignorer" }).click();
  await expect(notice).toHaveCount(0);
  // The panel drops the notice at once and tells the server after: reloading before the server
  // has it would abort the request (CI did), so wait for the row to say it.
  await expect.poll(async () => (await admin.from("student_notifications").select("is_dismissed").eq("user_id", profile!.id).like("message", `%${title}%`).single()).data?.is_dismissed).toBe(true);
  await page.reload();
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification").filter({ hasText: title })).toHaveCount(0);
});
