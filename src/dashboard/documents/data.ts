// The student's documents: the materials of every course it follows (RLS shows only
// those), and its official documents issued elsewhere — relevés de notes (results area)
// and payment receipts (finance). The only file of the feature naming tables (certificates
// of enrolment, which admissions issues too: shared/certificates-data.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

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
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
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
