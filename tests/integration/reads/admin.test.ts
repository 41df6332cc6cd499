// Every read the administrator's pages run, signed in as the demo admin against the seeded
// stack (one stack for the file): each query must be accepted by the Data API (an ambiguous
// embed answers 300 PGRST201) and parse, with real ids from the seed. Admissions' queues,
// the course tables, results and partner requests have their own data-module tests.
import { beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, useLocalStack } from "../../fixtures/stack.ts";
import { CATALOGUE_KINDS } from "../../../src/lib/catalogue-sync/kinds.ts";
import * as financeAdmin from "../../../src/dashboard/finance/admin-data.ts";
import * as financeConfig from "../../../src/dashboard/finance/config-data.ts";
import * as institution from "../../../src/dashboard/institution/data.ts";
import * as meetings from "../../../src/dashboard/meetings/data.ts";
import * as catalogue from "../../../src/dashboard/catalogue/data.ts";
import * as professional from "../../../src/dashboard/professional/data.ts";
import * as people from "../../../src/dashboard/people/data.ts";
import * as courses from "../../../src/dashboard/courses/data.ts";
import * as courseLists from "../../../src/dashboard/shared/course-lists-data.ts";
import * as admissions from "../../../src/dashboard/admissions/data.ts";
import * as reports from "../../../src/dashboard/reports/data.ts";
import * as classes from "../../../src/dashboard/shared/classes-data.ts";

const STUDENT = "00000000-0000-4000-a000-000000000001";
const TEACHER = "00000000-0000-4000-a000-000000000002";
const stack = useLocalStack();
let admin: SupabaseClient;
beforeAll(async () => {
  admin = await signInAs(stack(), "admin@demo.univ.cm", "Admin-Demo-2026");
});
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe("the administrator's pages", () => {
  it("finance: summary, slips, reconciliation, period, billed students and their lines, refunds, penalties", async () => {
    const summary = await financeAdmin.fetchSummary(admin, day(-365), day(1));
    expect(summary).toBeDefined();
    const slips = await financeAdmin.fetchSlips(admin);
    expect(slips.length).toBeGreaterThan(0);
    await financeAdmin.fetchQueue(admin);
    expect((await financeAdmin.fetchPeriodPayments(admin, day(-365), day(1))).length).toBeGreaterThan(0);
    const billed = await financeAdmin.searchBilledStudents(admin, "Ngono");
    expect(billed.length).toBeGreaterThan(0);
    expect((await financeAdmin.fetchOpenLines(admin, STUDENT)).length).toBeGreaterThan(0);
    await financeAdmin.findRefundable(admin, "Ngono");
    // The bursar looks at a slip's file itself before deciding.
    const path = `${STUDENT}/test-slip.pdf`;
    const upload = await stack()
      .client({ secret: true })
      .storage.from("bank-slips")
      .upload(path, new Blob(["%PDF-1.4 slip"], { type: "application/pdf" }), { contentType: "application/pdf" });
    expect(upload.error).toBeNull();
    expect(await (await financeAdmin.slipFile(admin, path)).text()).toBe("%PDF-1.4 slip");
  });

  it("fee schedules: search, one schedule's instalments and bills, the form's options", async () => {
    const schedules = await financeConfig.searchSchedules(admin, "");
    expect(schedules.length).toBeGreaterThan(0);
    const detail = await financeConfig.fetchScheduleDetail(admin, schedules[0].id);
    expect(detail.instalments.length).toBeGreaterThan(0);
    expect(await financeConfig.fetchScheduleOptions(admin)).toBeDefined();
  });

  it("institution: settings, matricule preview, years, system health; meetings; catalogue; professional school", async () => {
    expect(await institution.fetchSettings(admin)).toBeDefined();
    expect(await institution.previewMatricule(admin, "{SCHOOL}{YY}{SEQ:4}", "FST", 2026, 7)).toBe("FST260007");
    expect((await institution.fetchAcademicYears(admin)).length).toBeGreaterThan(0);
    expect(await institution.fetchSystemHealth(admin)).toBeDefined();
    expect(await meetings.fetchZoomStatus(admin)).toBeDefined();
    expect((await meetings.fetchMeetingCourses(admin, "INF")).length).toBeGreaterThan(0);
    await meetings.fetchPastMeetingSessions(admin);
    for (const kind of CATALOGUE_KINDS) expect((await catalogue.fetchCatalogueRows(admin, kind)).length).toBeGreaterThan(0);
    expect(await professional.loadProfessionalSchool(admin, day(0))).toBeDefined();
  });

  it("people: accounts, two-step settings, audit log, names, students, teachers", async () => {
    expect((await people.listAccounts(admin, { page: 1, perPage: 10 })).rows.length).toBeGreaterThan(0);
    expect(typeof (await people.fetchRequireAdminMfa(admin))).toBe("boolean");
    await people.fetchOwnMfa(admin);
    await people.fetchAuditLog(admin, { page: 1, perPage: 10 });
    const names = await people.fetchNames(admin, [STUDENT, TEACHER]);
    expect(names.get(STUDENT)).toBe("Awa Ngono");
    expect((await people.fetchStudents(admin, {}, 1, 10)).rows.length).toBeGreaterThan(0);
    expect((await people.fetchAllStudents(admin, {})).length).toBeGreaterThan(0);
    expect(await people.fetchStudentFilterOptions(admin)).toBeDefined();
    expect((await people.fetchTeachers(admin, { page: 1, perPage: 10 })).rows.length).toBeGreaterThan(0);
  });

  it("courses, re-registration, admitted students, reports, a school by its slug", async () => {
    expect(await courseLists.wizardChoices(admin)).toBeDefined();
    expect((await courses.fetchAllAdminCourses(admin, {}, null)).length).toBeGreaterThan(0);
    expect((await courses.listExtensionProgrammes(admin)).length).toBeGreaterThan(0);
    await courses.listProposals(admin);
    const { years } = await admissions.fetchYearsAndProgrammes(admin);
    const [previous] = await stack().sql<{ programme: string; level: string; year: string }>(
      `select r.programme_id as programme, r.level_code as level, r.academic_year_id as year from public.student_registrations r
       join public.academic_years y on y.id = r.academic_year_id where not y.is_current and r.programme_id is not null limit 1`,
    );
    const current = years.find((y) => y.is_current)!;
    await admissions.fetchCandidates(admin, { ...previous, target_year: current.id }, { page: 1, pageSize: 10, sort: null, filters: {} });
    const [admitted] = await stack().sql<{ id: string }>("select application_id as id from public.student_registrations where application_id is not null limit 1");
    if (admitted) {
      expect(Object.values(await admissions.fetchMatricules(admin, [admitted.id])).length).toBeGreaterThan(0);
      await admissions.fetchRegistrationIds(admin, [admitted.id]);
    }
    const reportYears = await reports.fetchYears(admin);
    expect((await reports.fetchInstitutionReport(admin, reportYears.find((y) => y.is_current)!.id)).length).toBeGreaterThan(0);
    const [school] = await stack().sql<{ slug: string; id: string }>("select slug, id from public.schools limit 1");
    expect(await classes.schoolIdBySlug(admin, school.slug)).toBe(school.id);
  });
});
