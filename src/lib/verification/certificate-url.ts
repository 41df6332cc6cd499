// Where a certificate of enrolment's QR code leads: the public verification page, in the
// reader's language.
export function certificateVerificationUrl(origin: string, code: string, locale: "fr" | "en"): string {
  return `${origin.replace(/\/+$/, "")}${locale === "en" ? "/en" : ""}/certificates/verify/?c=${code}`;
}
