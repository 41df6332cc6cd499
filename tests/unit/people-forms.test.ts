// The people feature's pure rules: the CSV import row checks and the create-account form.
import { describe, expect, it } from "vitest";
import { checkRows, normaliseRecord } from "../../src/lib/people/student-import.ts";
import { accountFormSchema } from "../../src/lib/people/account-form.ts";

const codes = (records: Record<string, unknown>[]) => checkRows(records).map((r) => r.errors.map((e) => `${e.field}:${e.code}`));

describe("student import rows", () => {
  it("accepts a complete row and normalises it", () => {
    const [row] = checkRows([{ full_name: " Awa Ngono ", email: "AWA@Example.CM", programme: "Software-Engineering", level: "l2", matricule: "26uo0042" }]);
    expect(row).toEqual({ line: 2, errors: [], row: { full_name: "Awa Ngono", email: "awa@example.cm", programme: "software-engineering", level: "L2", matricule: "26UO0042" } });
  });

  it("reads French headers", () => {
    expect(normaliseRecord({ "Nom complet": "A", Téléphone: "+237 690000000", Filière: "x", Niveau: "M1" })).toMatchObject({ full_name: "A", phone: "+237 690000000", programme: "x", level: "M1" });
  });

  it("reports each bad field with a code", () => {
    expect(codes([{ full_name: "", email: "nope", programme: "Pas un slug", level: "L6", matricule: "123" }])).toEqual([
      ["full_name:required", "email:invalid_email", "programme:invalid_programme", "level:invalid_level", "matricule:invalid_matricule"],
    ]);
    expect(codes([{ full_name: "X", programme: "x", level: "L1" }])).toEqual([["email:contact_required"]]);
    expect(codes([{ full_name: "X", phone: "abc", programme: "x", level: "L1" }])).toEqual([["phone:invalid_phone"]]);
  });

  it("flags e-mails, phones and matricules repeated in the file, not their first use", () => {
    const rows = [
      { full_name: "A", email: "a@x.cm", programme: "x", level: "L1", matricule: "26UO0001" },
      { full_name: "B", email: "A@X.cm", programme: "x", level: "L1", matricule: "26uo0001" },
      { full_name: "C", phone: "+237 6 90", programme: "x", level: "L1" },
      { full_name: "D", phone: "+2376 90", programme: "x", level: "L1" },
    ];
    expect(codes(rows)).toEqual([[], ["email:duplicate_in_file", "matricule:duplicate_in_file"], [], ["phone:duplicate_in_file"]]);
  });
});

describe("create-account form", () => {
  const base = { full_name: "Jean", email: "", phone: "", mode: "password" as const, password: "Secret-2026", roles: ["teacher" as const] };
  const errors = (input: typeof base | Record<string, unknown>) => {
    const result = accountFormSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };

  it("needs an e-mail or a phone, and an e-mail to invite", () => {
    expect(errors(base)).toEqual(["email:contactRequired"]);
    expect(errors({ ...base, phone: "+237 690000000" })).toEqual([]);
    expect(errors({ ...base, phone: "+237 690000000", mode: "invite" })).toEqual(["email:inviteNeedsEmail"]);
  });

  it("asks 8 characters of a password set now, none of an invitation", () => {
    expect(errors({ ...base, email: "j@x.cm", password: "short" })).toEqual(["password:passwordTooShort"]);
    expect(accountFormSchema.parse({ ...base, email: "J@X.cm", mode: "invite", password: "" })).toEqual({
      full_name: "Jean",
      email: "j@x.cm",
      phone: undefined,
      invite: true,
      password: undefined,
      roles: ["teacher"],
    });
  });
});
