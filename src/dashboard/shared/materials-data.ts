// A course material's file from the private course-materials bucket (members of the
// course only): the course page and the student's documents save it (save-material.ts).
import type { SupabaseClient } from "@supabase/supabase-js";

/** A file of the course, fetched with the session (the bucket checks membership). */
export async function downloadMaterial(supabase: SupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await supabase.storage.from("course-materials").download(path);
  if (error || !data) throw new Error(error?.message ?? "no file");
  return data;
}
