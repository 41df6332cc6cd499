// The professional school for its admins: formations with their current cohorts (active
// registrations of the year) and the trainees' internships. The only file of the feature
// naming tables.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const formationRow = z.object({
  id: z.string(),
  certificate: z.enum(["CQP", "DQP", "AQP"]),
  name_fr: z.string(),
  name_en: z.string(),
  duration_months: z.number(),
  internship_months: z.number(),
});
export type Formation = z.infer<typeof formationRow>;

const traineeRow = z.object({
  id: z.string(),
  student_id: z.string(),
  student_number: z.string(),
  professional_formation_id: z.string(),
  status: z.string(),
  student: z.object({ full_name: z.string() }),
});
export type Trainee = z.infer<typeof traineeRow>;

const internshipRow = z.object({
  id: z.string(),
  registration_id: z.string(),
  student_id: z.string(),
  host_organisation: z.string(),
  supervisor_name: z.string(),
  supervisor_contact: z.nullable(z.string()),
  starts_on: z.string(),
  ends_on: z.string(),
  status: z.enum(["planned", "ongoing", "completed", "cancelled"]),
  report_received_on: z.nullable(z.string()),
  mark: z.nullable(z.union([z.number(), z.string()])),
});
export type Internship = z.infer<typeof internshipRow>;

export interface ProfessionalSchool {
  formations: Formation[];
  trainees: Trainee[];
  internships: Internship[];
}

/** Formations, this year's trainees (their registrations) and their internships. */
export async function loadProfessionalSchool(supabase: SupabaseClient, today: string): Promise<ProfessionalSchool> {
  const year = await supabase.from("academic_years").select("id").lte("starts_on", today).gte("ends_on", today).maybeSingle();
  if (year.error) throw new Error(year.error.message);
  const [formations, trainees, internships] = await Promise.all([
    supabase.from("professional_formations").select("id, certificate, name_fr, name_en, duration_months, internship_months").order("position"),
    year.data
      ? supabase
          .from("student_registrations")
          .select("id, student_id, student_number, professional_formation_id, status, student:profiles!student_registrations_student_id_fkey(full_name)")
          .eq("academic_year_id", (year.data as { id: string }).id)
          .not("professional_formation_id", "is", null)
          .order("student_number")
      : Promise.resolve({ data: [], error: null }),
    supabase
      .from("internships")
      .select("id, registration_id, student_id, host_organisation, supervisor_name, supervisor_contact, starts_on, ends_on, status, report_received_on, mark")
      .order("starts_on"),
  ]);
  for (const r of [formations, trainees, internships]) if (r.error) throw new Error(r.error.message);
  return {
    formations: z.array(formationRow).parse(formations.data),
    trainees: z.array(traineeRow).parse(trainees.data),
    internships: z.array(internshipRow).parse(internships.data),
  };
}

export interface InternshipInput {
  registration_id: string;
  student_id: string;
  host_organisation: string;
  supervisor_name: string;
  supervisor_contact: string | null;
  starts_on: string;
  ends_on: string;
  status: Internship["status"];
  report_received_on: string | null;
  mark: number | null;
}

export async function saveInternship(supabase: SupabaseClient, id: string | null, input: InternshipInput): Promise<void> {
  const { error } = id ? await supabase.from("internships").update(input).eq("id", id) : await supabase.from("internships").insert(input);
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
}
