import { describe, expect, it } from "vitest";
import { academicYearSchema, gradingSchema, institutionSchema, isMatriculePattern, nextDay } from "../../src/lib/forms/institution.ts";

const grading = {
  cc_weight: 40,
  pass_mark: 10,
  compensation: true,
  eliminatory_mark: 7,
  resit_cap: null,
  mention_bands: [
    { min: 10, fr: "Passable", en: "Pass" },
    { min: 12, fr: "Assez bien", en: "Fairly good" },
  ],
  grade_points: [
    { min: 80, letter: "A", points: 4 },
    { min: 0, letter: "F", points: 0 },
  ],
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe("institution settings forms", () => {
  it("accepts the defaults and refuses a pattern without exactly one sequence", () => {
    expect(isMatriculePattern("{YY}{SCHOOL}{SEQ:4}")).toBe(true);
    expect(isMatriculePattern("UOC-{YYYY}-{SEQ:6}")).toBe(true);
    expect(isMatriculePattern("{YY}{SCHOOL}")).toBe(false);
    expect(isMatriculePattern("{SEQ:4}{SEQ:4}")).toBe(false);
    expect(isMatriculePattern("A B{SEQ:4}")).toBe(false);
  });

  it("names each wrong institution field", () => {
    const result = institutionSchema.safeParse({ name: " ", niu: "abc", phone: "x", email: "pas-un-email", postal_address: "", matricule_pattern: "{YY}" });
    expect(messages(result)).toEqual(["nameRequired", "niuInvalid", "phoneInvalid", "emailInvalid", "patternInvalid"]);
    expect(institutionSchema.safeParse({ name: "UEL", niu: "", phone: "", email: "", postal_address: "", matricule_pattern: "{SEQ:4}" }).success).toBe(true);
  });

  it("checks the relevé's authorisation and signatory: empty, or 2 to 120 characters", () => {
    const base = { name: "UEL", niu: "", phone: "", email: "", postal_address: "", matricule_pattern: "{SEQ:4}" };
    expect(messages(institutionSchema.safeParse({ ...base, signatory_name: "X", signatory_title_en: "y".repeat(121) }))).toEqual(["lengthInvalid", "lengthInvalid"]);
    expect(institutionSchema.safeParse({ ...base, signatory_name: "Dr Hélène Mbarga", signatory_title_fr: "", authorization_ref: "Arrêté n° 23/00417" }).success).toBe(true);
  });

  it("keeps grading options coherent: marks on 20, bands ascending, points descending to 0, eliminatory below the pass mark", () => {
    expect(gradingSchema.safeParse(grading).success).toBe(true);
    expect(messages(gradingSchema.safeParse({ ...grading, pass_mark: 21 }))).toEqual(["markInvalid"]);
    // the default CC weight of new courses, in DOMAIN's 20–40 % like each course's own
    for (const cc_weight of [0, 19, 41, 100, 30.5]) expect(messages(gradingSchema.safeParse({ ...grading, cc_weight }))).toEqual(["weightInvalid"]);
    expect(gradingSchema.safeParse({ ...grading, cc_weight: 20 }).success).toBe(true);
    expect(messages(gradingSchema.safeParse({ ...grading, mention_bands: [...grading.mention_bands].reverse() }))).toEqual(["bandsOrder"]);
    expect(
      messages(
        gradingSchema.safeParse({
          ...grading,
          grade_points: [
            { min: 80, letter: "A", points: 4 },
            { min: 10, letter: "F", points: 0 },
          ],
        }),
      ),
    ).toEqual(["pointsFloor"]);
    expect(messages(gradingSchema.safeParse({ ...grading, eliminatory_mark: 12 }))).toEqual(["eliminatoryAbovePass"]);
  });

  it("wants an academic year of two consecutive years with its dates in order", () => {
    expect(academicYearSchema.safeParse({ label: "2027-2028", starts_on: "2027-09-01", first_semester_ends_on: "2028-02-10", ends_on: "2028-07-31" }).success).toBe(true);
    expect(messages(academicYearSchema.safeParse({ label: "2027-2029", starts_on: "2027-09-01", first_semester_ends_on: "2028-02-10", ends_on: "2027-08-01" }))).toEqual([
      "yearLabelInvalid",
      "datesOrder",
      "datesOrder",
    ]);
    // Half-filled (the year's end not written yet): only the missing date is named, the
    // correct end of semester 1 is not called out of order.
    expect(messages(academicYearSchema.safeParse({ label: "2027-2028", starts_on: "2027-09-01", first_semester_ends_on: "2028-02-10", ends_on: "" }))).toEqual(["dateRequired"]);
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(nextDay("2027-12-31")).toBe("2028-01-01");
  });
});
