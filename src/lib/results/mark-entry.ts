// What a gradebook cell accepts: a mark out of 20 written "12,5" or "12.5" (quarter
// points at most two decimals), ABS for absent (counts 0), EXC for excused (left out),
// or nothing (no mark). The database checks the same range again.
export type MarkEntry = { status: "marked"; score: number } | { status: "absent" | "excused"; score: null } | null;
/** Why a cell was refused, so the gradebook can say it in words (not only a red border). */
export type MarkRefusal = "not_a_number" | "out_of_range" | "too_precise";
export type MarkEntryResult = { ok: true; entry: MarkEntry } | { ok: false; reason: MarkRefusal };

export const ABSENT_CODES = { fr: "ABS", en: "ABS" } as const;
export const EXCUSED_CODES = { fr: "EXC", en: "EXC" } as const;

export function parseMarkEntry(text: string): MarkEntryResult {
  const value = text.trim().toUpperCase();
  if (value === "") return { ok: true, entry: null };
  if (value === "ABS" || value === "A") return { ok: true, entry: { status: "absent", score: null } };
  if (value === "EXC" || value === "E" || value === "EX") return { ok: true, entry: { status: "excused", score: null } };
  if (!/^-?\d+([.,]\d+)?$/.test(value)) return { ok: false, reason: "not_a_number" };
  const score = Number(value.replace(",", "."));
  if (score < 0 || score > 20) return { ok: false, reason: "out_of_range" };
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(value)) return { ok: false, reason: "too_precise" };
  return { ok: true, entry: { status: "marked", score } };
}

/** The cell's text for a stored mark. */
export function formatMarkEntry(entry: MarkEntry, locale: "fr" | "en"): string {
  if (entry === null) return "";
  if (entry.status === "absent") return ABSENT_CODES[locale];
  if (entry.status === "excused") return EXCUSED_CODES[locale];
  const text = String(entry.score);
  return locale === "fr" ? text.replace(".", ",") : text;
}

export function sameEntry(a: MarkEntry, b: MarkEntry): boolean {
  return (a?.status ?? null) === (b?.status ?? null) && (a?.score ?? null) === (b?.score ?? null);
}
