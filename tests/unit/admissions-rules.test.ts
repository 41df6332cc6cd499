// The application form's rules (src/lib/admissions/rules.ts): file checks, storage paths,
// step schemas and the fee request, as the form and the function apply them.
import { describe, expect, it } from "vitest";
import {
  MAX_DOCUMENT_BYTES,
  accountSchema,
  contactsStepSchema,
  documentPath,
  documentType,
  feePaymentSchema,
  isPhoneNumber,
  fileProblem,
  identityStepSchema,
  isInternational,
  normalizeCameroonMobile,
  stepErrors,
  todayInDouala,
} from "../../src/lib/admissions/rules.ts";

const identity = { firstName: "Awa", lastName: "Ngono", birthDate: "1999-05-14", birthPlace: "Douala", nationality: "CM", idNumber: "CM1234567" };

describe("documents", () => {
  it("accept PDF, JPEG and PNG up to 10 MB, judged by extension and browser type", () => {
    expect(documentType("cni.PDF", "application/pdf")).toBe("application/pdf");
    expect(documentType("photo.jpeg", "")).toBe("image/jpeg");
    expect(documentType("photo.png", "image/jpeg")).toBeNull();
    expect(fileProblem({ name: "cni.exe", size: 10, type: "application/x-msdownload" })).toBe("fileType");
    expect(fileProblem({ name: "cni.docx", size: 10, type: "" })).toBe("fileType");
    expect(fileProblem({ name: "cni.pdf", size: 30 * 1024 * 1024, type: "application/pdf" })).toBe("fileTooBig");
    expect(fileProblem({ name: "cni.pdf", size: MAX_DOCUMENT_BYTES, type: "application/pdf" })).toBeNull();
    expect(fileProblem({ name: "cni.pdf", size: 0, type: "application/pdf" })).toBe("fileEmpty");
  });

  it("are stored under <applicant>/<application>/ with a safe name", () => {
    expect(documentPath("u", "a", "Relevé de notes (2021).pdf", "r")).toBe("u/a/r-Releve-de-notes-2021-.pdf");
    expect(documentPath("u", "a", "...", "r")).toBe("u/a/r-document");
  });
});

describe("steps", () => {
  it("refuse an empty step field by field, and a birth date in the future", () => {
    const empty = identityStepSchema.safeParse({ firstName: "", lastName: "", birthDate: "", birthPlace: "", nationality: "", idNumber: "" });
    expect(empty.success).toBe(false);
    expect(stepErrors(empty.error!)).toEqual({
      firstName: "required",
      lastName: "required",
      birthDate: "dateRequired",
      birthPlace: "required",
      nationality: "required",
      idNumber: "idNumberInvalid",
    });
    const future = identityStepSchema.safeParse({ ...identity, birthDate: "2999-01-01" });
    expect(stepErrors(future.error!)).toEqual({ birthDate: "birthDateFuture" });
    expect(identityStepSchema.safeParse({ ...identity, birthDate: todayInDouala() }).success).toBe(true);
  });

  it("check contacts and the account", () => {
    expect(stepErrors(contactsStepSchema.safeParse({ email: "x", phone: "12", city: "", address: "" }).error!)).toEqual({
      email: "emailInvalid",
      phone: "phoneInvalid",
      city: "required",
    });
    const account = accountSchema.safeParse({ fullName: "Awa", email: "awa@example.cm", password: "motdepasse1", passwordConfirm: "autre" });
    expect(stepErrors(account.error!)).toEqual({ passwordConfirm: "passwordMismatch" });
  });
});

describe("the fee request and the queues", () => {
  it("needs a Cameroonian mobile number", () => {
    const id = "2b4e5c36-9a8d-4c8e-9f3a-1b2c3d4e5f60";
    expect(feePaymentSchema.safeParse({ application_id: id, channel: "mtn_momo", phone: "6 71 23 45 67" }).success).toBe(true);
    // the contact phone: too short, or a Cameroonian number without its 9 digits, is refused
    for (const phone of ["671234", "+237 6 71 23", "+237 6 71 23 45 67 8"]) expect(isPhoneNumber(phone), phone).toBe(false);
    for (const phone of ["+237 6 71 23 45 67", "671234567", "+33 6 12 34 56 78", "+1 617 555 0100"]) expect(isPhoneNumber(phone), phone).toBe(true);
    expect(feePaymentSchema.safeParse({ application_id: id, channel: "mtn_momo", phone: "+33 6 12 34 56 78" }).success).toBe(false);
    expect(normalizeCameroonMobile("+237 671-23-45-67")).toBe("+237671234567");
  });

  it("send applicants from abroad to the international queue", () => {
    expect(isInternational({ country: "CM" })).toBe(false);
    expect(isInternational({ country: "NG" })).toBe(true);
    expect(isInternational({ country: "CM", kind: "international" })).toBe(true);
  });
});
