// The CSV import of students: what a row must hold, checked the same way in the browser
// (dry run before sending) and in the admin-users function (which trusts no client).
// Errors are codes, one per field, that the page words in French or English.
import { z } from "zod";

export const LEVELS = ["L1", "L2", "L3", "M1", "M2"] as const;
export type Level = (typeof LEVELS)[number];

/** Matricule: yy + school code + number, e.g. 26UO0042 (student_registrations' check). */
export const MATRICULE = /^[0-9]{2}[A-Z]{2}[0-9]{4,6}$/;
const PHONE = /^\+?[0-9 ]{6,20}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { MAX_IMPORT_ROWS } from "./import-limits.ts";

export const IMPORT_ERROR_CODES = [
  "required",
  "too_long",
  "invalid_email",
  "invalid_phone",
  "contact_required",
  "invalid_programme",
  "invalid_level",
  "invalid_matricule",
  "duplicate_in_file",
  "unknown_programme",
  "email_taken",
  "phone_taken",
  "matricule_taken",
  "create_failed",
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];
export const IMPORT_FIELDS = ["full_name", "email", "phone", "programme", "level", "matricule"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const importRowSchema = z
  .object({
    full_name: z.string().trim().min(1, "required").max(200, "too_long"),
    email: optionalText.pipe(z.string().max(254, "too_long").regex(EMAIL, "invalid_email").toLowerCase().optional()),
    phone: optionalText.pipe(z.string().regex(PHONE, "invalid_phone").optional()),
    programme: z.string().trim().toLowerCase().min(1, "required").regex(SLUG, "invalid_programme"),
    level: z.string().trim().toUpperCase().pipe(z.enum(LEVELS, "invalid_level")),
    matricule: optionalText.pipe(z.string().toUpperCase().regex(MATRICULE, "invalid_matricule").optional()),
  })
  .superRefine((row, ctx) => {
    if (!row.email && !row.phone) ctx.addIssue({ code: "custom", path: ["email"], message: "contact_required" });
  });
export type ImportRow = z.output<typeof importRowSchema>;

export interface RowError {
  field: ImportField;
  code: ImportErrorCode;
}
export interface CheckedRow {
  /** 1-based line in the file, the header being line 1. */
  line: number;
  row?: ImportRow;
  errors: RowError[];
}

/** Header spellings accepted, French and English, to the field they fill. */
const HEADER_ALIASES: Record<string, ImportField> = {
  full_name: "full_name",
  name: "full_name",
  nom: "full_name",
  nom_complet: "full_name",
  "nom complet": "full_name",
  "full name": "full_name",
  email: "email",
  "e-mail": "email",
  courriel: "email",
  mail: "email",
  phone: "phone",
  telephone: "phone",
  téléphone: "phone",
  tel: "phone",
  programme: "programme",
  program: "programme",
  filiere: "programme",
  filière: "programme",
  programme_slug: "programme",
  level: "level",
  niveau: "level",
  matricule: "matricule",
  student_number: "matricule",
};

/** A parsed CSV record with its headers mapped to our field names (unknown columns dropped). */
export function normaliseRecord(record: Record<string, unknown>): Record<ImportField, string> {
  const out = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ""])) as Record<ImportField, string>;
  for (const [key, value] of Object.entries(record)) {
    const field = HEADER_ALIASES[key.trim().toLowerCase()];
    if (field && typeof value === "string") out[field] = value;
  }
  return out;
}

/** Validates each row and flags e-mails, phones and matricules repeated inside the file. */
export function checkRows(records: readonly Record<string, unknown>[]): CheckedRow[] {
  const checked: CheckedRow[] = records.map((record, i) => {
    const result = importRowSchema.safeParse(normaliseRecord(record));
    if (result.success) return { line: i + 2, row: result.data, errors: [] };
    const errors = result.error.issues.map((issue) => ({
      field: (issue.path[0] as ImportField) ?? "full_name",
      code: ((IMPORT_ERROR_CODES as readonly string[]).includes(issue.message) ? issue.message : "required") as ImportErrorCode,
    }));
    return { line: i + 2, errors: dedupe(errors) };
  });
  for (const field of ["email", "phone", "matricule"] as const) {
    const seen = new Map<string, number>();
    for (const c of checked) {
      const value = c.row?.[field];
      if (!value) continue;
      const key = value.replace(/\s/g, "").toLowerCase();
      if (seen.has(key)) addError(c, { field, code: "duplicate_in_file" });
      else seen.set(key, c.line);
    }
  }
  return checked;
}

export function addError(row: CheckedRow, error: RowError): void {
  row.errors = dedupe([...row.errors, error]);
}

function dedupe(errors: RowError[]): RowError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.field}:${e.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
