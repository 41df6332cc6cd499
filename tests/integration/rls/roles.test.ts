// No self-promotion: a student tries every route it has to become an admin (or a teacher)
// and, after all of them, still holds the student role only and still sees only its own.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { IDS } from "../../fixtures/rls-world.ts";

const stack = useLocalStack();
const demoStudent = DEMO_ACCOUNTS.find((a) => a.role === "student")!;
let student: SupabaseClient;

const rolesOf = async (id: string) => (await stack().sql<{ role: string }>("select role from public.user_roles where user_id = $1 order by role", [id])).map((r) => r.role);

/** What only an admin sees: every role row, every application. */
async function seesLikeAnAdmin(client: SupabaseClient) {
  const roles = await client.from("user_roles").select("user_id");
  const applications = await client.from("applications").select("id");
  return (roles.data?.length ?? 0) > 1 || (applications.data?.length ?? 0) > 0;
}

beforeAll(async () => {
  student = await signInAs(stack(), demoStudent.email, demoStudent.password);
});

describe("a student cannot make itself admin", () => {
  it("starts as a student who does not see like an admin", async () => {
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
    expect(await seesLikeAnAdmin(student)).toBe(false);
  });

  it("by inserting a role row", async () => {
    const { error } = await student.from("user_roles").insert({ user_id: IDS.studentA, role: "admin" });
    expect(error).not.toBeNull();
    const upsert = await student.from("user_roles").upsert({ user_id: IDS.studentA, role: "admin" });
    expect(upsert.error).not.toBeNull();
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
  });

  it("by turning its student row into an admin row", async () => {
    await student.from("user_roles").update({ role: "admin" }).eq("user_id", IDS.studentA);
    await student.from("user_roles").update({ role: "teacher" }).eq("user_id", IDS.studentA).eq("role", "student");
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
  });

  it("by granting itself a role through its profile", async () => {
    const { error } = await student.from("profiles").update({ role: "admin" }).eq("id", IDS.studentA);
    expect(error).not.toBeNull(); // there is no role column to write
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
  });

  it("by putting a role in its auth metadata", async () => {
    const { error } = await student.auth.updateUser({ data: { role: "admin", roles: ["admin"], is_admin: true } });
    expect(error).toBeNull();
    await student.auth.refreshSession();
    expect(await seesLikeAnAdmin(student)).toBe(false);
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
  });

  it("by calling the role helpers or the sign-up trigger as RPCs", async () => {
    for (const fn of ["has_role", "is_admin", "handle_new_user", "can_see_profile"]) {
      const { data, error } = await student.rpc(fn, fn === "has_role" ? { wanted: "admin" } : {});
      // private helpers are not exposed; if they were, they would still answer for the caller
      expect(error !== null || data === false).toBe(true);
    }
    expect(await rolesOf(IDS.studentA)).toEqual(["student"]);
  });

  it("by revoking the admin's role (sabotage is refused too)", async () => {
    await student.from("user_roles").delete().eq("user_id", IDS.admin);
    expect(await rolesOf(IDS.admin)).toEqual(["admin"]);
  });

  it("by signing up with a role in the sign-up data (sign-up gives no role at all)", async () => {
    const visitor = stack().client();
    const { data, error } = await visitor.auth.signUp({
      email: "ambitieux@example.cm",
      password: "Un-Mot-De-Passe-Solide-42",
      options: { data: { full_name: "Ambitieux", role: "admin", roles: ["admin", "teacher"] } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull(); // e-mail confirmation first
    expect(await rolesOf(data.user!.id)).toEqual([]);
    expect(await seesLikeAnAdmin(visitor)).toBe(false);
  });

  it("while an admin can grant and revoke roles", async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const client = await signInAs(stack(), admin.email, admin.password);
    expect(await seesLikeAnAdmin(client)).toBe(true);
    const grant = await client.from("user_roles").insert({ user_id: IDS.classmate, role: "teacher", granted_by: IDS.admin });
    expect(grant.error).toBeNull();
    expect(await rolesOf(IDS.classmate)).toEqual(["student", "teacher"]);
    await client.from("user_roles").delete().eq("user_id", IDS.classmate).eq("role", "teacher");
    expect(await rolesOf(IDS.classmate)).toEqual(["student"]);
  });
});
