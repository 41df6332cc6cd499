// Where a relevé's QR code leads: the public verification page, in the reader's language.
export function transcriptVerificationUrl(origin: string, code: string, locale: "fr" | "en"): string {
  return `${origin.replace(/\/+$/, "")}${locale === "en" ? "/en" : ""}/transcripts/verify/?c=${code}`;
}
