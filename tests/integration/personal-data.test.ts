// The register of personal data (private.personal_data) and "Télécharger mes données"
// (public.export_my_data, DOMAIN §4: access and portability under Law No. 2024/017). Every
// column of a public table that names a person is in the register, exported under a key or
// with why not; the export gives each person their rows under every key, and never the
// rows of the people they taught, marked or served.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { exportMyData } from "../../src/dashboard/profile/data.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => stack().sql<T>(query, params);
let student: SupabaseClient;
let teacher: SupabaseClient;
let studentId: string;

/** Columns that name a person by their name, whether or not a foreign key says so. */
const PERSON_COLUMN_NAMES = ["student_id", "user_id", "owner_id", "author_id", "sender_id", "applicant_id", "reporter_id", "teacher_id", "recipient_id", "member_id"];

beforeAll(async () => {
  student = await signInAs(stack(), "etudiant@demo.univ.cm", "Etudiant-Demo-2026");
  teacher = await signInAs(stack(), "enseignant@demo.univ.cm", "Enseignant-Demo-2026");
  studentId = (await student.auth.getUser()).data.user!.id;
});

describe("the register of personal data", () => {
  it("lists every column of a public table that names a person, and only existing ones", async () => {
    const columns = await sql<{ column: string }>(
      `select distinct c.relname || '.' || a.attname as column
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
         and (a.attname = any ($1)
           or exists (select 1 from pg_constraint k
                      where k.conrelid = c.oid and k.contype = 'f' and a.attnum = any (k.conkey)
                        and k.confrelid in ('public.profiles'::regclass, 'auth.users'::regclass)))
       order by 1`,
      [PERSON_COLUMN_NAMES],
    );
    const register = await sql<{ column: string }>("select table_name || '.' || person_column as column from private.personal_data order by 1");
    expect(register.map((r) => r.column)).toEqual(columns.map((c) => c.column));
  });

  it("is read by the export (a signed-in person may read it), written by nobody but the migrations", async () => {
    const granted = await sql<{ grantee: string; privilege_type: string }>(
      "select grantee, privilege_type from information_schema.role_table_grants where table_schema = 'private' and table_name = 'personal_data' and grantee in ('authenticated', 'anon') order by 1, 2",
    );
    expect(granted).toEqual([{ grantee: "authenticated", privilege_type: "SELECT" }]);
  });
});

describe("download my data", () => {
  it("gives the student every exported key, with their own records in the newer ones", async () => {
    const data = await exportMyData(student);
    const keys = (await sql<{ export_key: string }>("select export_key from private.personal_data where export_key is not null")).map((k) => k.export_key);
    for (const key of keys) expect(data, key).toHaveProperty(key);
    expect(data).toMatchObject({ user_id: studentId, identity: { student_id: studentId } });
    for (const key of ["fees", "attendance", "conversations", "quiz_attempts"]) {
      const rows = data[key] as { student_id?: string; user_id?: string }[];
      expect(rows.length, key).toBeGreaterThan(0);
      expect(rows.every((r) => (r.student_id ?? r.user_id) === studentId)).toBe(true);
    }
  });

  it("gives a teacher what they did as a person, never the marks or attendance they recorded for students", async () => {
    const data = await exportMyData(teacher);
    expect((data.courses_taught as unknown[]).length).toBeGreaterThan(0);
    expect(data.grades).toEqual([]);
    expect(data.attendance).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(studentId);
  });

  it("is nothing to a visitor", async () => {
    const { data } = await stack().client().rpc("export_my_data");
    expect(data ?? null).toBeNull();
  });
});
