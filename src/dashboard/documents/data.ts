// The student's documents: the materials of every course it follows (RLS shows only
// those), and its official documents issued elsewhere — relevés de notes (results area)
// and payment receipts (finance). The only file of the feature naming tables.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { throwIfError } from "../../lib/supabase/fail.ts";
import { instant } from "../../lib/supabase/columns.ts";

const materialRow = z.object({
  id: z.string(),
  week: z.number(),
  title: z.string(),
  kind: z.enum(["file", "link"]),
  storage_path: z.nullable(z.string()),
  url: z.nullable(z.string()),
  created_at: z.string(),
  course: z.object({ id: z.string(), code: z.string(), title: z.string() }),
});
export type CourseDocument = z.infer<typeof materialRow>;

/** The materials of my courses, newest first (at most 1000). */
export async function listMyMaterials(supabase: SupabaseClient): Promise<CourseDocument[]> {
  const { data, error } = await supabase
    .from("course_materials")
    .select("id, week, title, kind, storage_path, url, created_at, course:courses!inner(id, code, title)")
    .order("created_at", { ascending: false })
    .limit(1000);
  if (error) throw new Error(error.message);
  return z.array(materialRow).parse(data);
}

/** Case- and accent-insensitive match of the title, course code or course title. */
export function matchesSearch(doc: CourseDocument, search: string): boolean {
  const fold = (s: string) => s.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const q = fold(search.trim());
  return !q || [doc.title, doc.course.code, doc.course.title].some((s) => fold(s).includes(q));
}

const transcriptRow = z.object({ id: z.string(), number: z.string(), issued_at: z.string(), revoked_at: z.nullable(z.string()) });
const receiptRow = z.object({ id: z.string(), number: z.string(), amount_xaf: z.number(), issued_at: z.string(), kind: z.enum(["payment", "cancellation"]) });
export type TranscriptDoc = z.infer<typeof transcriptRow>;
export type ReceiptDoc = z.infer<typeof receiptRow>;

/** My relevés de notes and payment receipts (each table's rules show only mine). */
export async function listOfficialDocuments(supabase: SupabaseClient, userId: string): Promise<{ transcripts: TranscriptDoc[]; receipts: ReceiptDoc[] }> {
  const [t, r] = await Promise.all([
    supabase.from("transcripts").select("id, number, issued_at, revoked_at").eq("student_id", userId).order("issued_at", { ascending: false }).limit(100),
    supabase.from("receipts").select("id, number, amount_xaf, issued_at, kind").order("issued_at", { ascending: false }).limit(200),
  ]);
  if (t.error) throw new Error(t.error.message);
  if (r.error) throw new Error(r.error.message);
  return { transcripts: z.array(transcriptRow).parse(t.data), receipts: z.array(receiptRow).parse(r.data) };
}

// ---------------------------------------------------------------------------------
// Certificates of enrolment (attestations d'inscription): my registrations, and the
// certificate of one (issued on the first call, the same one after; an admin may issue
// any student's from admin/student-enrollments).
const names = z.nullable(z.object({ name_fr: z.string(), name_en: z.string() }));
const certificateRow = z.object({
  number: z.string(),
  verification_code: z.string(),
  issued_at: instant,
  snapshot: z.object({
    institution: z.string(), niu: z.nullable(z.string()), holder: z.string(), matricule: z.string(),
    birth_date: z.nullable(z.string()), birth_place: z.nullable(z.string()),
    programme_fr: z.nullable(z.string()), programme_en: z.nullable(z.string()),
    specialty_fr: z.nullable(z.string()), specialty_en: z.nullable(z.string()),
    formation_fr: z.nullable(z.string()), formation_en: z.nullable(z.string()),
    extension_fr: z.nullable(z.string()), extension_en: z.nullable(z.string()),
    level_fr: z.nullable(z.string()), level_en: z.nullable(z.string()),
    academic_year: z.string(), registered_at: instant,
  }),
});
export type EnrolmentCertificate = z.infer<typeof certificateRow>;

/** The registration's certificate of enrolment (issued on the first call, the same one after). */
export async function issueCertificate(supabase: SupabaseClient, registrationId: string): Promise<EnrolmentCertificate> {
  const { data, error } = await supabase.rpc("issue_enrolment_certificate", { registration: registrationId });
  throwIfError(error);
  return certificateRow.parse(z.array(z.unknown()).parse(data)[0]);
}

const myRegistrationRow = z.object({
  id: z.string(),
  student_number: z.string(),
  level_code: z.nullable(z.string()),
  status: z.string(),
  registered_at: instant,
  year: z.object({ label: z.string(), starts_on: z.string() }),
  programme: names,
  formation: names,
  extension: names,
});
export type MyRegistration = z.infer<typeof myRegistrationRow> & { certificate: string | null };

export async function fetchMyRegistrations(supabase: SupabaseClient, userId: string): Promise<MyRegistration[]> {
  const { data, error } = await supabase
    .from("student_registrations")
    .select("id, student_number, level_code, status, registered_at, year:academic_years!student_registrations_academic_year_id_fkey(label, starts_on), " +
      "programme:programmes!student_registrations_programme_id_fkey(name_fr, name_en), formation:professional_formations!student_registrations_professional_formation_id_fkey(name_fr, name_en), " +
      "extension:extension_programmes!student_registrations_extension_programme_id_fkey(name_fr, name_en)")
    .eq("student_id", userId);
  throwIfError(error);
  // The standing certificate of each registration (one superseded after an identity correction is revoked).
  const issued = await supabase.from("enrolment_certificates").select("registration_id, number").eq("student_id", userId).is("revoked_at", null);
  throwIfError(issued.error);
  const numbers = new Map(z.array(z.object({ registration_id: z.string(), number: z.string() })).parse(issued.data).map((c) => [c.registration_id, c.number]));
  return z.array(myRegistrationRow).parse(data)
    .map((r) => ({ ...r, certificate: numbers.get(r.id) ?? null }))
    .sort((a, b) => b.year.starts_on.localeCompare(a.year.starts_on));
}
