// Certificates of enrolment (attestations d'inscription): my registrations, and the
// certificate of one (issued on the first call, the same one after; an admin may issue
// any student's from admin/student-enrollments). Shared by the student's documents and
// admissions; certificate-pdf.ts draws one.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { instant } from "../../lib/supabase/columns.ts";
import { throwIfError } from "../../lib/supabase/fail.ts";

const names = z.nullable(z.object({ name_fr: z.string(), name_en: z.string() }));

const certificateRow = z.object({
  number: z.string(),
  verification_code: z.string(),
  issued_at: instant,
  snapshot: z.object({
    institution: z.string(),
    niu: z.nullable(z.string()),
    holder: z.string(),
    matricule: z.string(),
    birth_date: z.nullable(z.string()),
    birth_place: z.nullable(z.string()),
    programme_fr: z.nullable(z.string()),
    programme_en: z.nullable(z.string()),
    specialty_fr: z.nullable(z.string()),
    specialty_en: z.nullable(z.string()),
    formation_fr: z.nullable(z.string()),
    formation_en: z.nullable(z.string()),
    extension_fr: z.nullable(z.string()),
    extension_en: z.nullable(z.string()),
    level_fr: z.nullable(z.string()),
    level_en: z.nullable(z.string()),
    academic_year: z.string(),
    registered_at: instant,
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
    .select(
      "id, student_number, level_code, status, registered_at, year:academic_years!student_registrations_academic_year_id_fkey(label, starts_on), " +
        "programme:programmes!student_registrations_programme_id_fkey(name_fr, name_en), formation:professional_formations!student_registrations_professional_formation_id_fkey(name_fr, name_en), " +
        "extension:extension_programmes!student_registrations_extension_programme_id_fkey(name_fr, name_en)",
    )
    .eq("student_id", userId);
  throwIfError(error);
  // The standing certificate of each registration (one superseded after an identity correction is revoked).
  const issued = await supabase.from("enrolment_certificates").select("registration_id, number").eq("student_id", userId).is("revoked_at", null);
  throwIfError(issued.error);
  const numbers = new Map(
    z
      .array(z.object({ registration_id: z.string(), number: z.string() }))
      .parse(issued.data)
      .map((c) => [c.registration_id, c.number]),
  );
  return z
    .array(myRegistrationRow)
    .parse(data)
    .map((r) => ({ ...r, certificate: numbers.get(r.id) ?? null }))
    .sort((a, b) => b.year.starts_on.localeCompare(a.year.starts_on));
}
