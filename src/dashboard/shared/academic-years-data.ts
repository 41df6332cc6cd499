// Adding an academic year: from the institution's calendar, and from finance's new fee
// schedule when it is for next year and that year does not exist yet.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

/** Adds a year; answers its id. A label that exists already fails with code 23505. */
export async function addAcademicYear(supabase: SupabaseClient, year: { label: string; starts_on: string; ends_on: string }): Promise<string> {
  const { data, error } = await supabase.from("academic_years").insert(year).select("id").single();
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return z.object({ id: z.string() }).parse(data).id;
}
