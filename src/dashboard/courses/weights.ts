// A course's CC/exam weights (issue 20 §7, DOMAIN §2: CC 20–40 %, exam 60–80 %): read and
// changed by admins; the database refuses a change once the course's semester has a closed
// session (and the range, whoever asks).
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { CC_WEIGHT_MAX, CC_WEIGHT_MIN } from "../../lib/forms/institution.ts";

export { CC_WEIGHT_MAX, CC_WEIGHT_MIN };
export const ccWeightSchema = z.number().check(z.int(), z.gte(CC_WEIGHT_MIN), z.lte(CC_WEIGHT_MAX));

const weightsRow = z.object({ cc_weight: z.number(), semester_id: z.nullable(z.string()) });
export interface CourseWeights {
  ccWeight: number;
  /** The course's semester has a closed session: the weights are frozen. */
  frozen: boolean;
}

export async function fetchCourseWeights(supabase: SupabaseClient, courseId: string): Promise<CourseWeights> {
  const { data, error } = await supabase.from("courses").select("cc_weight, semester_id").eq("id", courseId).single();
  if (error) throw new Error(error.message);
  const row = weightsRow.parse(data);
  if (!row.semester_id) return { ccWeight: row.cc_weight, frozen: false };
  const closed = await supabase.from("deliberations").select("id").eq("semester_id", row.semester_id).is("reopened_at", null).limit(1);
  if (closed.error) throw new Error(closed.error.message);
  return { ccWeight: row.cc_weight, frozen: (closed.data ?? []).length > 0 };
}

export async function saveCourseWeights(supabase: SupabaseClient, courseId: string, ccWeight: number): Promise<void> {
  const { data, error } = await supabase.from("courses").update({ cc_weight: ccWeight }).eq("id", courseId).select("id");
  if (error) throw new Error(error.message);
  if (!data || data.length === 0) throw new Error("course not found or not yours to change");
}
