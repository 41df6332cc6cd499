// Admissions rules shared by the public application form, the applicant's tracking page,
// the reviewers' pages and the tests: statuses, document kinds, file checks and the form's
// step schemas (zod/mini). Error values are keys of the form's messages (errors.*); the
// database checks the same again (supabase/migrations/20260503000000_admissions_process.sql).
import * as z from "zod/mini";

export const APPLICATION_STATUSES = ["draft", "submitted", "under_review", "documents_requested", "admitted", "waitlisted", "rejected", "enrolled", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What the applicant may still do: withdraw while the file is open. */
// Acceptance ends the applicant's withdrawal (the database refuses it too).
export const WITHDRAWABLE: readonly ApplicationStatus[] = ["submitted", "under_review", "documents_requested", "waitlisted"];

/** Reviewers' decisions (decide_applications). */
export const DECISIONS = ["under_review", "admitted", "waitlisted", "rejected"] as const;
export type Decision = (typeof DECISIONS)[number];

export const DOCUMENT_KINDS = ["id_card", "diploma", "transcript", "photo", "passport", "visa_support", "equivalence", "other"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Needed before submitting (the database checks it too). */
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ["id_card", "diploma", "transcript", "photo"];
/** The extra items of applicants from outside Cameroon (optional at submission). */
export const INTERNATIONAL_DOCUMENTS: readonly DocumentKind[] = ["passport", "visa_support", "equivalence"];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES: Record<string, string> = { pdf: "application/pdf", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png" };
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** The application fee by default (SPEC: /inscription promises 10,000 XAF; schools may change it). */
export const DEFAULT_APPLICATION_FEE_XAF = 10_000;

export type FileProblem = "fileEmpty" | "fileTooBig" | "fileType";

/** The MIME type a document is stored with, judged by its extension and the browser's type; null when refused. */
export function documentType(name: string, browserType: string): string | null {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  const byName = DOCUMENT_TYPES[extension];
  if (!byName) return null;
  if (browserType && browserType !== byName) return null;
  return byName;
}

export function fileProblem(file: { name: string; size: number; type: string }): FileProblem | null {
  if (!documentType(file.name, file.type)) return "fileType";
  if (file.size <= 0) return "fileEmpty";
  if (file.size > MAX_DOCUMENT_BYTES) return "fileTooBig";
  return null;
}

/** <applicant>/<application>/<random>-<safe name>: the bucket's rules read the first two segments. */
export function documentPath(applicantId: string, applicationId: string, name: string, random: string = crypto.randomUUID()): string {
  const safe =
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[.-]+/, "")
      .slice(-80) || "document";
  return `${applicantId}/${applicationId}/${random}-${safe}`;
}

/** Applicants from outside Cameroon go to the international queue. */
export const isInternational = (row: { country: string; kind?: string }) => row.country !== "CM" || row.kind === "international";

/** YYYY-MM-DD of today in Douala (the birth-date check). */
export function todayInDouala(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Douala", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const text = (max: number, required = "required") => z.string().check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: "tooLong" }));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: "tooLong" }));

export const accountSchema = z
  .object({
    fullName: z.string().check(z.trim(), z.minLength(2, { error: "nameRequired" }), z.maxLength(200, { error: "tooLong" })),
    email: z.string().check(z.trim(), z.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: "emailInvalid" }), z.maxLength(320, { error: "tooLong" })),
    password: z.string().check(z.minLength(8, { error: "passwordShort" }), z.regex(/[A-Za-z]/, { error: "passwordLetter" }), z.regex(/\d/, { error: "passwordDigit" })),
    passwordConfirm: z.string(),
  })
  .check(z.refine((v) => v.password === v.passwordConfirm, { error: "passwordMismatch", path: ["passwordConfirm"] }));

export const identityStepSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  birthDate: z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: "dateRequired" }),
    z.refine((v) => v <= todayInDouala(), { error: "birthDateFuture" }),
    z.refine((v) => v >= "1900-01-01", { error: "dateRequired" }),
  ),
  birthPlace: text(100),
  nationality: z.string().check(z.regex(/^[A-Z]{2}$/, { error: "required" })),
  idNumber: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9 -]{5,30}$/, { error: "idNumberInvalid" })),
});

/** A reachable phone number: 8 to 15 digits (E.164), and a Cameroonian one (+237) has 9 after the code (UX review: "671234" passed). */
export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[0-9 .-]{6,24}$/.test(v)) return false;
  const digits = v.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return false;
  return !(v.startsWith("+237") || (digits.startsWith("237") && digits.length > 9)) || digits.length === 12;
}

export const contactsStepSchema = z.object({
  email: z.string().check(z.trim(), z.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: "emailInvalid" }), z.maxLength(320, { error: "tooLong" })),
  phone: z.string().check(z.trim(), z.refine(isPhoneNumber, { error: "phoneInvalid" })),
  city: text(100),
  address: optionalText(300),
});

export const backgroundStepSchema = z.object({
  lastDiploma: text(150),
  diplomaYear: z.string().check(
    z.regex(/^\d{4}$/, { error: "yearInvalid" }),
    z.refine((v) => Number(v) >= 1950 && Number(v) <= new Date().getFullYear(), { error: "yearInvalid" }),
  ),
  institution: text(200),
  marks: z.string().check(z.trim(), z.maxLength(100, { error: "tooLong" })),
});

export const choiceStepSchema = z.object({
  targetId: z.string().check(z.minLength(1, { error: "programmeRequired" })),
  levelCode: z.optional(z.string()),
  studyMode: z.enum(["online", "blended", "evening"], { error: "required" }),
  motivation: optionalText(5000),
});

export type StepErrors = Record<string, string>;

/** zod/mini issues → { field: error key } (the first per field). */
export function stepErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): StepErrors {
  const out: StepErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** The applicant's request to pay its application fee (the application-fee function checks it again). */
export const feePaymentSchema = z.object({
  application_id: z.uuid(),
  channel: z.enum(["mtn_momo", "orange_money"]),
  phone: z.string().check(z.refine((v) => /^\+2376\d{8}$/.test(normalizeCameroonMobile(v)), { error: "phoneInvalid" })),
});
export type FeePayment = z.infer<typeof feePaymentSchema>;

/** "6 71 23 45 67", "+237 671 23 45 67" → "+237671234567". */
export function normalizeCameroonMobile(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 9 ? `+237${digits}` : `+${digits}`;
}
