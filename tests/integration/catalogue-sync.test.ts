// The catalogue's structure is written once, in src/content; public.sync_catalogue brings
// the database's copy in step (npm run catalogue:sync): by slug it adds, renames, updates,
// archives (never deletes: courses, fees and applications keep their rows) and restores,
// in one audited transaction, for the service role only. The seeded database is the
// content's copy (this replaces the old slug-by-slug mirror test), and an archived
// programme is no longer offered to applicants.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";
import type { CatalogueContent } from "../../src/lib/catalogue-sync/content.ts";
import { readCatalogueContent } from "../../src/lib/catalogue-sync/read-content.ts";
import { previewCatalogueSync, syncCatalogue } from "../../src/lib/catalogue-sync/rpc.ts";
import { describeReport } from "../../src/lib/catalogue-sync/sync.ts";
import * as admissions from "../../src/dashboard/admissions/data.ts";
import * as catalogue from "../../src/dashboard/catalogue/data.ts";

const stack = useLocalStack();
const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => stack().sql<T>(query, params);
let service: SupabaseClient;
let admin: SupabaseClient;
const CONTENT = readCatalogueContent();

beforeAll(async () => {
  service = stack().client({ secret: true });
  admin = await signInAs(stack(), "admin@demo.univ.cm", "Admin-Demo-2026");
});

/** A copy of the content to change. */
const copy = (): CatalogueContent => structuredClone(CONTENT);
const auditRuns = async () => (await sql<{ n: number }>("select count(*)::int as n from public.audit_log where action = 'catalogue.synced'"))[0].n;

describe("the seeded database", () => {
  it("is the content's copy: a sync has nothing to do, and the admin's preview says so", async () => {
    const preview = await previewCatalogueSync(service, CONTENT);
    expect(preview.changes).toEqual([]);
    expect(describeReport(preview)).toEqual(["Catalogue: nothing to do, the database is in step with the content."]);
    const state = await catalogue.fetchCatalogueState(admin, CONTENT);
    expect(state.preview.changes).toEqual([]);
    for (const kind of ["schools", "departments", "programmes", "specialties", "formations", "extension_programmes"] as const) {
      expect(state.rows[kind].map((r) => r.slug).sort(), kind).toEqual(CONTENT[kind].map((e) => e.slug).sort());
    }
  });
});

describe("a sync", () => {
  it("adds, renames, updates and archives by slug, never deleting what courses, fees and applications use; a second run has nothing to do", async () => {
    const used = async () =>
      (
        await sql<{ courses: number; fees: number; applications: number; registrations: number }>(
          `select (select count(*)::int from public.courses c where c.programme_id = p.id) as courses,
           (select count(*)::int from public.fee_schedules f where f.programme_id = p.id) as fees,
           (select count(*)::int from public.applications a where a.programme_id = p.id) as applications,
           (select count(*)::int from public.student_registrations r where r.programme_id = p.id) as registrations
         from public.programmes p where p.slug = 'software-engineering'`,
        )
      )[0];
    const before = await used();
    expect(Math.min(before.courses, before.fees, before.applications, before.registrations)).toBeGreaterThan(0);
    const runs = await auditRuns();

    const content = copy();
    // software-engineering leaves the content, with its two specialties
    content.programmes = content.programmes.filter((p) => p.slug !== "software-engineering");
    content.specialties = content.specialties.filter((s) => s.parent !== "software-engineering");
    // a new filière and its specialty (the parent added in the same run)
    const civil = { ...content.programmes[0], slug: "civil-engineering", name_fr: "Génie civil", name_en: "Civil Engineering", parent: "computer-science", degree: "licence" as const };
    content.programmes.push(civil);
    content.specialties.push({ ...content.specialties[0], slug: "structures", name_fr: "Structures", name_en: "Structures", parent: "civil-engineering", levels: ["L3"] });
    // renamed (same slug), and updated (another department, other levels)
    content.programmes.find((p) => p.slug === "networks-telecommunications")!.name_fr = "Réseaux, télécoms et cloud";
    content.programmes.find((p) => p.slug === "business-law")!.parent = "international-department";
    content.specialties.find((s) => s.slug === "cybersecurity")!.levels = ["M1", "M2"];

    const report = await syncCatalogue(service, content, "catalogue-sync.test");
    expect(report.counts).toEqual({ added: 2, renamed: 1, updated: 2, archived: 3, restored: 0 });
    const changes = report.changes.map(({ kind, slug, change, fields }) => ({ kind, slug, change, fields }));
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: "programmes", slug: "civil-engineering", change: "added", fields: [] },
        { kind: "specialties", slug: "structures", change: "added", fields: [] },
        { kind: "programmes", slug: "networks-telecommunications", change: "renamed", fields: ["name_fr"] },
        { kind: "programmes", slug: "business-law", change: "updated", fields: ["parent"] },
        { kind: "specialties", slug: "cybersecurity", change: "updated", fields: ["levels"] },
        { kind: "programmes", slug: "software-engineering", change: "archived", fields: [] },
        { kind: "specialties", slug: "web-mobile-development", change: "archived", fields: [] },
        { kind: "specialties", slug: "data-science", change: "archived", fields: [] },
      ]),
    );
    expect(report.changes.find((c) => c.change === "renamed")).toMatchObject({ from: { fr: "Réseaux et télécommunications" }, name: { fr: "Réseaux, télécoms et cloud" } });

    // The database now says what the content says.
    expect(
      await sql(
        "select p.name_fr, d.slug as department from public.programmes p join public.departments d on d.id = p.department_id where p.slug in ('networks-telecommunications', 'business-law') order by p.slug",
      ),
    ).toEqual([
      { name_fr: "Droit des affaires", department: "international-department" },
      { name_fr: "Réseaux, télécoms et cloud", department: "computer-science" },
    ]);
    expect(
      await sql("select array_agg(level_code order by level_code) as levels from public.specialty_levels sl join public.specialties s on s.id = sl.specialty_id where s.slug = 'cybersecurity'"),
    ).toEqual([{ levels: ["M1", "M2"] }]);
    expect(await sql("select p.slug as programme, s.slug from public.specialties s join public.programmes p on p.id = s.programme_id where s.slug = 'structures'")).toEqual([
      { programme: "civil-engineering", slug: "structures" },
    ]);
    // The archived filière is still there, and all that used it still does.
    expect(await sql("select archived_at is not null as archived from public.programmes where slug = 'software-engineering'")).toEqual([{ archived: true }]);
    expect(await used()).toEqual(before);

    // One audit entry for the run, with where it ran from and its counts.
    expect(await auditRuns()).toBe(runs + 1);
    const [entry] = await sql<{ actor_id: string | null; details: { source: string; counts: Record<string, number>; changes: unknown[] } }>(
      "select actor_id, details from public.audit_log where action = 'catalogue.synced' order by created_at desc limit 1",
    );
    expect(entry).toMatchObject({ actor_id: null, details: { source: "catalogue-sync.test", counts: report.counts } });
    expect(entry.details.changes).toHaveLength(8);
    // admin/content reads it as the last run
    expect(await catalogue.fetchLastSync(admin)).toMatchObject({ source: "catalogue-sync.test", counts: report.counts });
    const state = await catalogue.fetchCatalogueState(admin, CONTENT);
    expect(state.rows.programmes.find((r) => r.slug === "software-engineering")?.archived_at).toBeTruthy();

    // A second run with the same content: nothing to do (and said so in the log).
    const again = await syncCatalogue(service, content, "catalogue-sync.test");
    expect(again.changes).toEqual([]);
    expect(again.counts).toEqual({ added: 0, renamed: 0, updated: 0, archived: 0, restored: 0 });

    // An archived programme is no longer offered: a new application may not name it; one
    // that named it before keeps working.
    const [{ id: archived }] = await sql<{ id: string }>("select id from public.programmes where slug = 'software-engineering'");
    const applicant = await signUpConfirmed(stack(), "archive.candidat@example.cm", "Candidat-Archive-2026");
    const refused = await applicant.from("applications").insert({ kind: "general", status: "draft", full_name: "Candidat Archive", email: "archive.candidat@example.cm", programme_id: archived });
    expect(refused.error?.message).toMatch(/no longer offered/);
    const [existing] = await sql<{ id: string }>("select id from public.applications where programme_id = $1 limit 1", [archived]);
    expect((await admin.from("applications").update({ motivation: "Relu après l'archivage." }).eq("id", existing.id).select("id")).data).toHaveLength(1);
    // Nor is it offered to a reviewer, except to the applicant who asked for it (Ornella asked
    // for it before the archiving, Junior for business law: seed.sql).
    const [ornella, junior] = await sql<{ id: string; programme_id: string }>(
      "select id, programme_id from public.applications where email in ('ornella.fouda@example.cm', 'junior.essama@example.cm') order by email desc",
    );
    const offered = async (asked: string) => (await admissions.fetchAdmissionTargets(admin, { programme: asked, specialty: null })).map((t) => t.id);
    expect(await offered(junior.programme_id)).not.toContain(archived);
    expect(await offered(ornella.programme_id)).toContain(archived);
    const admit = (application: string) => admin.rpc("decide_applications", { applications: [application], decision: "admitted", programme: archived, level: "L1" });
    expect((await admit(junior.id)).error?.message).toMatch(/no longer offered/);
    expect((await admit(ornella.id)).error).toBeNull();

    // The content back as it was: the filière and its specialties restored, the new ones archived.
    const back = await syncCatalogue(service, CONTENT, "catalogue-sync.test");
    expect(back.counts).toEqual({ added: 0, renamed: 1, updated: 2, archived: 2, restored: 3 });
    expect((await previewCatalogueSync(service, CONTENT)).changes).toEqual([]);
  });

  it("writes nothing when the content is wrong anywhere (one transaction)", async () => {
    const runs = await auditRuns();
    const content = copy();
    content.departments.push({ ...content.departments[0], slug: "civil-engineering-dept" });
    content.extension_programmes[0].credential = "phd"; // the table's check refuses it, after the department
    await expect(syncCatalogue(service, content, "catalogue-sync.test")).rejects.toThrow(/credential/);
    expect(await sql("select slug from public.departments where slug = 'civil-engineering-dept'")).toEqual([]);
    expect(await auditRuns()).toBe(runs);

    const orphan = copy();
    orphan.specialties.push({ ...orphan.specialties[0], slug: "lost", parent: "no-such-filiere" });
    await expect(syncCatalogue(service, orphan, "catalogue-sync.test")).rejects.toThrow(/specialties "lost" belongs to programmes "no-such-filiere"/);
    const partial = copy() as Partial<CatalogueContent>;
    delete partial.formations;
    await expect(syncCatalogue(service, partial as CatalogueContent, "catalogue-sync.test")).rejects.toThrow(/"formations" is missing/);
  });

  it("is the service role's (or the database owner's): an admin, a student or a visitor is refused, and only admins preview", async () => {
    const runs = await auditRuns();
    const student = await signInAs(stack(), "etudiant@demo.univ.cm", "Etudiant-Demo-2026");
    for (const client of [admin, student, stack().client()]) {
      await expect(syncCatalogue(client, CONTENT, "intrus")).rejects.toMatchObject({ code: "42501" });
    }
    expect(await auditRuns()).toBe(runs);
    await expect(previewCatalogueSync(student, CONTENT)).rejects.toMatchObject({ code: "42501" });
    await expect(previewCatalogueSync(stack().client(), CONTENT)).rejects.toMatchObject({ code: "42501" });
    // The database owner (no JWT: psql, or the CLI with DATABASE_URL) may.
    const [{ report }] = await sql<{ report: { changes: unknown[] } }>("select public.sync_catalogue($1::jsonb, 'DATABASE_URL') as report", [JSON.stringify(CONTENT)]);
    expect(report.changes).toEqual([]);
    // nor may an admin write the catalogue tables around the sync
    const { error } = await admin.from("programmes").update({ name_fr: "À la main" }).eq("slug", "business-law");
    expect(error?.code).toBe("42501");
  });
});
