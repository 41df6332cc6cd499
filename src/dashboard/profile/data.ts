// The profile's reads and writes: the only place the profile feature names its tables
// (profiles, profile_contacts, student_registrations, teacher_settings), the avatars bucket
// and the export_my_data() RPC. Rows are parsed at the boundary.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { isLocale, type Locale } from "../../lib/locales.ts";
import { MEETING_PLATFORMS } from "../../lib/forms/profile.ts";

const profileRow = z.object({
  id: z.string(),
  full_name: z.string(),
  preferred_locale: z.enum(["fr", "en"]),
  avatar_url: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
});
export type Profile = z.infer<typeof profileRow>;

/** Logged and raised with the service's code, so the page shows the right SPEC §8 message. */
const fail: Fail = failFor("profile", ["code", "status"]);

/** The signed-in user's own profile (RLS also shows classmates' names, hence the id filter). */
export async function fetchOwnProfile(supabase: SupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from("profiles").select("id, full_name, preferred_locale, avatar_url").eq("id", userId).maybeSingle();
  if (error) fail("reading the profile", error);
  return data ? profileRow.parse(data) : null;
}

export async function saveName(supabase: SupabaseClient, userId: string, fullName: string): Promise<void> {
  const { error } = await supabase.from("profiles").update({ full_name: fullName }).eq("id", userId);
  if (error) fail("saving the name", error);
}

/** The language of the interface and of the notifications the user receives. */
export async function savePreferredLocale(supabase: SupabaseClient, userId: string, locale: Locale): Promise<void> {
  if (!isLocale(locale)) throw new Error(`not a language: ${String(locale)}`);
  const { error } = await supabase.from("profiles").update({ preferred_locale: locale }).eq("id", userId);
  if (error) fail("saving the language", error);
}

// ---- contacts ---------------------------------------------------------------------------
const contactsRow = z.object({ phone: z.nullable(z.string()) });

export async function fetchOwnContacts(supabase: SupabaseClient, userId: string): Promise<{ phone: string | null }> {
  const { data, error } = await supabase.from("profile_contacts").select("phone").eq("user_id", userId).maybeSingle();
  if (error) fail("reading the contacts", error);
  return data ? contactsRow.parse(data) : { phone: null };
}

export async function savePhone(supabase: SupabaseClient, userId: string, phone: string | null): Promise<void> {
  const { data, error } = await supabase.from("profile_contacts").update({ phone }).eq("user_id", userId).select("user_id");
  if (error) fail("saving the phone", error);
  if (!data?.length) fail("saving the phone", { message: "no contact row for this user" });
}

// ---- avatar -----------------------------------------------------------------------------
const AVATARS = "avatars";

/** Uploads the (already resized) image to the user's own folder and saves its public URL. */
export async function uploadAvatar(supabase: SupabaseClient, userId: string, image: Blob): Promise<string> {
  const extension = image.type === "image/png" ? "png" : image.type === "image/webp" ? "webp" : "jpg";
  // A new name each time: browsers and CDNs never show a cached older photo.
  const path = `${userId}/avatar-${Date.now()}.${extension}`;
  const { error } = await supabase.storage.from(AVATARS).upload(path, image, { contentType: image.type, upsert: true });
  if (error) fail("uploading the photo", error);
  const { data } = supabase.storage.from(AVATARS).getPublicUrl(path);
  const { error: saveError } = await supabase.from("profiles").update({ avatar_url: data.publicUrl }).eq("id", userId);
  if (saveError) fail("saving the photo", saveError);
  return data.publicUrl;
}

// ---- student record (read-only) ----------------------------------------------------------
const registrationRow = z.object({
  student_number: z.string(),
  status: z.string(),
  registered_at: z.string(),
  programmes: z.nullable(z.object({ name_fr: z.string(), name_en: z.string() })),
  levels: z.nullable(z.object({ code: z.string(), name_fr: z.string(), name_en: z.string() })),
});

export interface StudentRecord {
  matricule: string;
  status: string;
  programme: { fr: string; en: string } | null;
  level: { code: string; fr: string; en: string } | null;
}

/** The student's latest registration: matricule, programme and level. */
export async function fetchStudentRecord(supabase: SupabaseClient, userId: string): Promise<StudentRecord | null> {
  const { data, error } = await supabase
    .from("student_registrations")
    .select("student_number, status, registered_at, programmes(name_fr, name_en), levels(code, name_fr, name_en)")
    .eq("student_id", userId)
    .order("registered_at", { ascending: false })
    .limit(1);
  if (error) fail("reading the registration", error);
  const [row] = z.array(registrationRow).parse(data ?? []);
  if (!row) return null;
  return {
    matricule: row.student_number,
    status: row.status,
    programme: row.programmes ? { fr: row.programmes.name_fr, en: row.programmes.name_en } : null,
    level: row.levels ? { code: row.levels.code, fr: row.levels.name_fr, en: row.levels.name_en } : null,
  };
}

// ---- personal data -----------------------------------------------------------------------
/** Everything the user can read about themselves (DOMAIN §4 portability), as one JSON value. */
export async function exportMyData(supabase: SupabaseClient): Promise<Record<string, unknown>> {
  const { data, error } = await supabase.rpc("export_my_data");
  if (error) fail("exporting the data", error);
  return z.record(z.string(), z.unknown()).parse(data);
}

// ---- teacher settings ----------------------------------------------------------------------
const teacherSettingsRow = z.object({
  default_meeting_platform: z.enum(MEETING_PLATFORMS),
  personal_meeting_url: z.nullable(z.string()),
});
export type TeacherSettings = z.infer<typeof teacherSettingsRow>;
export const DEFAULT_TEACHER_SETTINGS: TeacherSettings = { default_meeting_platform: "zoom", personal_meeting_url: null };

export async function fetchTeacherSettings(supabase: SupabaseClient, userId: string): Promise<TeacherSettings> {
  const { data, error } = await supabase.from("teacher_settings").select("default_meeting_platform, personal_meeting_url").eq("user_id", userId).maybeSingle();
  if (error) fail("reading the teacher settings", error);
  return data ? teacherSettingsRow.parse(data) : DEFAULT_TEACHER_SETTINGS;
}

export async function saveTeacherSettings(supabase: SupabaseClient, userId: string, settings: TeacherSettings): Promise<void> {
  // Update, else insert: an upsert would also rewrite user_id, which nobody may update.
  const { data, error } = await supabase.from("teacher_settings").update(settings).eq("user_id", userId).select("user_id");
  if (error) fail("saving the teacher settings", error);
  if (data?.length) return;
  const { error: insertError } = await supabase.from("teacher_settings").insert({ user_id: userId, ...settings });
  if (insertError) fail("saving the teacher settings", insertError);
}
