// admin/settings and admin/technical: who reads and changes the institution's settings,
// the current semester switch, matricule formatting, the health figures, worker ticks.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const as = (role: "student" | "teacher" | "admin") => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return signInAs(stack(), account.email, account.password);
};

let student: SupabaseClient;
let teacher: SupabaseClient;
let admin: SupabaseClient;
beforeAll(async () => {
  [student, teacher, admin] = await Promise.all([as("student"), as("teacher"), as("admin")]);
});

describe("institution settings", () => {
  it("are read by everyone signed in and changed by admins only, each change audited", async () => {
    const read = await student.from("institution_settings").select("name, pass_mark, mention_bands").single();
    expect(read.error).toBeNull();
    expect(read.data!.mention_bands).toHaveLength(4);

    const byStudent = await student.from("institution_settings").update({ name: "Piratée" }).eq("id", true).select();
    expect(byStudent.data ?? []).toEqual([]);
    const byTeacher = await teacher.from("institution_settings").update({ pass_mark: 8 }).eq("id", true).select();
    expect(byTeacher.data ?? []).toEqual([]);

    const byAdmin = await admin.from("institution_settings").update({ niu: "M012345678901X", eliminatory_mark: 7 }).eq("id", true).select("niu, eliminatory_mark, updated_by").single();
    expect(byAdmin.error).toBeNull();
    expect(byAdmin.data!.niu).toBe("M012345678901X");
    const audit = await admin.from("audit_log").select("action, details").eq("action", "settings.institution_changed").order("created_at", { ascending: false }).limit(1).single();
    expect(audit.data!.details).toMatchObject({ niu: "M012345678901X" });
    expect(Object.keys(audit.data!.details as object)).not.toContain("name");
  });

  it("refuse bad values in the database", async () => {
    for (const bad of [{ pass_mark: 25 }, { matricule_pattern: "{YY}{SCHOOL}" }, { matricule_pattern: "A B{SEQ:4}" }, { niu: "trop court" }, { mention_bands: {} }]) {
      const { error } = await admin.from("institution_settings").update(bad).eq("id", true);
      expect(error, JSON.stringify(bad)).not.toBeNull();
    }
  });

  it("format matricules from the pattern", async () => {
    const { data, error } = await student.rpc("format_matricule", { pattern: "UOC{YY}{SCHOOL}{SEQ:4}", school_code: "UO", academic_year_start: 2026, sequence: 7 });
    expect(error).toBeNull();
    expect(data).toBe("UOC26UO0007");
    const tooBig = await student.rpc("format_matricule", { pattern: "{YYYY}{SEQ:3}", school_code: "", academic_year_start: 2026, sequence: 1000 });
    expect(tooBig.error).not.toBeNull();
  });
});

describe("the current semester", () => {
  it("switches atomically, for admins only", async () => {
    const semesters = await admin.from("semesters").select("id, is_current, academic_year_id").order("starts_on");
    const target = semesters.data!.find((s) => !s.is_current)!;
    const denied = await teacher.rpc("set_current_semester", { semester: target.id });
    expect(denied.error).not.toBeNull();
    const done = await admin.rpc("set_current_semester", { semester: target.id });
    expect(done.error).toBeNull();
    const after = await admin.from("semesters").select("id").eq("is_current", true);
    expect(after.data).toEqual([{ id: target.id }]);
    const year = await admin.from("academic_years").select("id").eq("is_current", true);
    expect(year.data).toEqual([{ id: target.academic_year_id }]);
  });
});

describe("platform health", () => {
  it("is for admins only and reports database, storage, migrations and the worker's last run", async () => {
    const denied = await student.rpc("admin_system_health");
    expect(denied.error?.code).toBe("42501");
    await stack().sql("insert into public.worker_ticks (started_at, finished_at, ok, events_seen, created, duration_ms) values (now() - interval '2 seconds', now(), true, 3, 12, 2000)");
    const { data, error } = await admin.rpc("admin_system_health");
    expect(error).toBeNull();
    expect(data.database_bytes).toBeGreaterThan(0);
    expect(data.migrations_applied).toBeGreaterThan(10);
    expect(data.migration_version).toMatch(/^\d{14}$/);
    expect(data.last_tick).toMatchObject({ ok: true, created: 12, source: "cron" });
    expect(Array.isArray(data.storage)).toBe(true);
  });

  it("keeps worker ticks and function errors out of clients' reach", async () => {
    for (const client of [student, teacher, admin]) {
      const tick = await client.from("worker_ticks").insert({ started_at: new Date().toISOString(), ok: true });
      expect(tick.error).not.toBeNull();
      const failure = await client.from("function_errors").insert({ function_name: "x", message: "y" });
      expect(failure.error).not.toBeNull();
    }
    const read = await student.from("worker_ticks").select("id");
    expect(read.data ?? []).toEqual([]);
  });
});

describe("run a worker tick now", () => {
  it("is refused to anyone but an admin, and records the admin's manual run", async () => {
    const anon = await fetch(`${stack().url}/functions/v1/worker-tick`, { method: "POST", headers: { apikey: stack().keys.publishableKey } });
    expect(anon.status).toBe(401);
    const byStudent = await student.functions.invoke("worker-tick", { method: "POST", body: {} });
    expect((byStudent.error as { context?: Response } | null)?.context?.status).toBe(403);

    const { data, error } = await admin.functions.invoke("worker-tick", { method: "POST", body: {} });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true });
    const ticks = await stack().sql<{ source: string; ok: boolean }>("select source, ok from public.worker_ticks where source = 'manual'");
    expect(ticks).toEqual([{ source: "manual", ok: true }]);
    const audit = await admin.from("audit_log").select("action").eq("action", "worker.tick_run");
    expect(audit.data).toHaveLength(1);
  });
});
