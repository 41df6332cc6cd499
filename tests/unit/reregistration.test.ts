// Re-registration refusals read from the database's messages, and the certificate's
// verification link and code (src/lib/admissions/reregistration.ts, src/lib/verification/).
import { describe, expect, it } from "vitest";
import { refusalOf } from "../../src/lib/admissions/reregistration.ts";
import { certificateVerificationUrl } from "../../src/lib/verification/certificate-url.ts";
import { codeOfSearch } from "../../src/lib/verification/verify-page.ts";

describe("re-registration refusals", () => {
  it("names each refusal of reregister_student, anything else as other", () => {
    expect(refusalOf("this student is already registered for 2026-2027")).toBe("already");
    expect(refusalOf("this student's registration is suspended, not active")).toBe("inactive");
    expect(refusalOf("no published results decide this year yet: re-register at the same level with a reason")).toBe("undecided");
    expect(refusalOf("level M2 is the programme's last: nothing to move up to")).toBe("last");
    expect(refusalOf("only students of a licence or master programme move up a level")).toBe("notProgramme");
    expect(refusalOf("this student has no registration before 2026-2027")).toBe("noEarlier");
    expect(refusalOf("give a reason to re-register at the same level")).toBe("reason");
    expect(refusalOf("deadlock detected")).toBe("other");
    expect(refusalOf(null)).toBe("other");
  });
});

describe("certificate verification", () => {
  const code = "0123456789abcdef0123456789abcdef";
  it("links to the verification page in the reader's language", () => {
    expect(certificateVerificationUrl("https://uel.cm/", code, "fr")).toBe(`https://uel.cm/certificates/verify/?c=${code}`);
    expect(certificateVerificationUrl("https://uel.cm", code, "en")).toBe(`https://uel.cm/en/certificates/verify/?c=${code}`);
  });
  it("reads only a 32-hex-digit code from the link", () => {
    expect(codeOfSearch(`?c=${code.toUpperCase()}`)).toBe(code);
    expect(codeOfSearch(`?c=%20${code}%20`)).toBe(code);
    expect(codeOfSearch("?c=1234")).toBeNull();
    expect(codeOfSearch("?c=' or 1=1 --")).toBeNull();
    expect(codeOfSearch("")).toBeNull();
  });
});
