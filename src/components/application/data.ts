// The application form's data: the only file of the form naming tables and buckets.
// supabase-js loads on demand (the page itself ships none of it).
import type { SupabaseClient } from "@supabase/supabase-js";
import { documentPath, documentType, type DocumentKind } from "../../lib/admissions/rules.ts";

export type ApplicationKind = "general" | "professional" | "extension";

export interface Target {
  id: string;
  slug: string;
  name: string;
  /** Programmes (general): the levels it opens. */
  levels: string[];
}

export interface Draft {
  id: string;
  status: string;
  kind: ApplicationKind;
  full_name: string;
  email: string;
  preferred_locale?: string;
  phone: string | null;
  country: string;
  city: string | null;
  birth_date: string | null;
  programme_id: string | null;
  level_code: string | null;
  professional_formation_id: string | null;
  extension_programme_id: string | null;
  study_mode: string | null;
  motivation: string;
  consent_at: string | null;
  fee_xaf: number | null;
  details: Record<string, unknown>;
}

export interface StoredDocument {
  id: string;
  kind: DocumentKind;
  file_name: string;
  storage_path: string;
  size_bytes: number;
}

const DRAFT_COLUMNS =
  "id, status, kind, full_name, email, phone, country, city, birth_date, programme_id, level_code, professional_formation_id, extension_programme_id, study_mode, motivation, consent_at, fee_xaf, details";

let loading: Promise<SupabaseClient> | undefined;
export function client(): Promise<SupabaseClient> {
  loading ??= import("../../lib/supabase/browser.ts").then(({ getSupabase }) => getSupabase());
  return loading;
}

/** A database or network error: its code and message, for the form to explain. */
export class SaveError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}
function check<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new SaveError(result.error.message, result.error.code);
  return result.data;
}

export async function currentUser(): Promise<{ id: string; email: string | null; name: string } | null> {
  const supabase = await client();
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return null;
  return { id: user.id, email: user.email ?? null, name: String(user.user_metadata?.full_name ?? "") };
}

export async function signUp(fullName: string, email: string, password: string, locale: string, redirectTo: string) {
  const supabase = await client();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName, preferred_locale: locale }, emailRedirectTo: redirectTo },
  });
  // The auth service's error itself (code, status, weak-password reasons): the form says it
  // in the applicant's language through src/lib/auth/messages.ts, as the sign-in pages do.
  if (error) throw error;
  return Boolean(data.session);
}

export async function verifyCode(email: string, token: string) {
  const supabase = await client();
  const { error } = await supabase.auth.verifyOtp({ email, token, type: "signup" });
  if (error) throw error;
}

/** A new confirmation code (the e-mail in the language the account was created in). */
export async function resendCode(email: string, redirectTo: string) {
  const supabase = await client();
  const { error } = await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: redirectTo } });
  if (error) throw error;
}

const TARGET_TABLES: Record<ApplicationKind, string> = {
  general: "programmes",
  professional: "professional_formations",
  extension: "extension_programmes",
};
const TARGET_COLUMN: Record<ApplicationKind, "programme_id" | "professional_formation_id" | "extension_programme_id"> = {
  general: "programme_id",
  professional: "professional_formation_id",
  extension: "extension_programme_id",
};
export const targetOf = (draft: Draft): string | null => draft[TARGET_COLUMN[draft.kind]];

const LEVELS_OF: Record<string, string[]> = {
  licence: ["L1", "L2", "L3"],
  master: ["M1", "M2"],
  "licence-master": ["L1", "L2", "L3", "M1", "M2"],
};

export async function loadTargets(kind: ApplicationKind, locale: "fr" | "en"): Promise<Target[]> {
  const supabase = await client();
  const columns = kind === "general" ? "id, slug, name_fr, name_en, degree" : "id, slug, name_fr, name_en";
  // An archived entry (gone from the content, kept for what uses it) is no longer offered.
  const rows = check(await supabase.from(TARGET_TABLES[kind]).select(columns).is("archived_at", null).order("position")) as unknown as {
    id: string;
    slug: string;
    name_fr: string;
    name_en: string;
    degree?: string;
  }[];
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: locale === "en" ? r.name_en : r.name_fr, levels: LEVELS_OF[r.degree ?? ""] ?? [] }));
}

/** The applicant's open draft for that target (or its latest draft of that kind). */
export async function findDraft(kind: ApplicationKind | null, targetId: string | null): Promise<Draft | null> {
  const supabase = await client();
  let query = supabase.from("applications").select(DRAFT_COLUMNS).eq("status", "draft");
  if (kind) query = query.eq("kind", kind);
  if (kind && targetId) query = query.or(`${TARGET_COLUMN[kind]}.eq.${targetId},${TARGET_COLUMN[kind]}.is.null`);
  const rows = check(await query.order("updated_at", { ascending: false }).limit(1)) as unknown as Draft[];
  return rows[0] ?? null;
}

/** Whether the applicant already submitted (not withdrawn) for that target. */
export async function hasSubmitted(kind: ApplicationKind, targetId: string): Promise<boolean> {
  const supabase = await client();
  const rows = check(await supabase.from("applications").select("id").eq(TARGET_COLUMN[kind], targetId).not("status", "in", "(draft,withdrawn,rejected)").limit(1));
  return (rows ?? []).length > 0;
}

export async function createDraft(kind: ApplicationKind, fields: Partial<Draft>): Promise<Draft> {
  const supabase = await client();
  return check(
    await supabase
      .from("applications")
      .insert({ kind, status: "draft", ...fields })
      .select(DRAFT_COLUMNS)
      .single(),
  ) as unknown as Draft;
}

export async function saveDraft(id: string, fields: Partial<Draft>): Promise<Draft> {
  const supabase = await client();
  return check(await supabase.from("applications").update(fields).eq("id", id).select(DRAFT_COLUMNS).single()) as unknown as Draft;
}

export async function submitDraft(id: string): Promise<Draft> {
  return saveDraft(id, { status: "submitted" });
}

export function targetFields(kind: ApplicationKind, targetId: string | null): Partial<Draft> {
  return {
    programme_id: kind === "general" ? targetId : null,
    professional_formation_id: kind === "professional" ? targetId : null,
    extension_programme_id: kind === "extension" ? targetId : null,
  };
}

export async function listDocuments(applicationId: string): Promise<StoredDocument[]> {
  const supabase = await client();
  return check(await supabase.from("application_documents").select("id, kind, file_name, storage_path, size_bytes").eq("application_id", applicationId).order("created_at")) as StoredDocument[];
}

/** Uploads into the private bucket, then records it (the row is what reviewers see). */
export async function uploadDocument(applicantId: string, applicationId: string, kind: DocumentKind, file: File, requestId?: string) {
  const supabase = await client();
  const type = documentType(file.name, file.type);
  if (!type) throw new SaveError("file type", "fileType");
  const path = documentPath(applicantId, applicationId, file.name);
  const stored = await supabase.storage.from("application-documents").upload(path, file, { contentType: type });
  if (stored.error) throw new SaveError(stored.error.message, "storage");
  const row = await supabase.from("application_documents").insert({
    application_id: applicationId,
    kind,
    storage_path: path,
    file_name: file.name.slice(-255),
    mime_type: type,
    size_bytes: file.size,
    request_id: requestId ?? null,
  });
  if (row.error) {
    await supabase.storage.from("application-documents").remove([path]);
    throw new SaveError(row.error.message, row.error.code);
  }
}

export async function removeDocument(doc: StoredDocument) {
  const supabase = await client();
  check(await supabase.from("application_documents").delete().eq("id", doc.id));
  await supabase.storage.from("application-documents").remove([doc.storage_path]);
}
