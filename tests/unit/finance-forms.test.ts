// The bursar's form rules (src/lib/forms/finance.ts) and the public fees' penalty wording
// (src/lib/finance/fees-page.ts).
import { describe, expect, it } from "vitest";
import { cashSchema, feeScheduleSchema, fieldErrors, francs, penaltyWaiverSchema } from "../../src/lib/forms/finance.ts";
import { nextAcademicYear } from "../../src/dashboard/finance/config-data.ts";
import { penaltyText } from "../../src/lib/finance/fees-page.ts";

const base = {
  academic_year: "y",
  target: "extension:00000000-0000-4000-8000-000000000001",
  level: null,
  label_fr: "Barème",
  label_en: "Schedule",
  registration_fee_xaf: 0,
  tuition_xaf: 100,
  late_penalty_xaf: 0,
  late_grace_days: 0,
  published: true,
  instalments: [
    { label_fr: "T1", label_en: "I1", amount_xaf: 60, due_on: "2031-01-15" },
    { label_fr: "T2", label_en: "I2", amount_xaf: 40, due_on: "2031-03-15" },
  ],
};
const errors = (value: unknown) => {
  const parsed = feeScheduleSchema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
};

describe("finance forms", () => {
  it("reads whole francs written with spaces, refuses decimals and signs", () => {
    expect([francs("150 000"), francs("150\u202f000"), francs("0")]).toEqual([150000, 150000, 0]);
    expect([francs("1,5"), francs("-3"), francs(""), francs("1e6")].every(Number.isNaN)).toBe(true);
  });

  it("checks a new schedule: sum, order of due dates, level only for programmes, field by field", () => {
    expect(errors(base)).toEqual({});
    expect(errors({ ...base, tuition_xaf: 90 })).toEqual({ instalments: "sumMismatch" });
    expect(errors({ ...base, instalments: [base.instalments[1], base.instalments[0]] })).toMatchObject({ instalments: "dueOrder" });
    expect(errors({ ...base, level: "L1" })).toEqual({ level: "levelOnlyProgramme" });
    expect(errors({ ...base, target: "", late_grace_days: 91, instalments: [{ ...base.instalments[0], amount_xaf: Number.NaN, due_on: "" }] })).toMatchObject({
      target: "targetRequired",
      late_grace_days: "graceInvalid",
      "instalments.0.amount_xaf": "amountInvalid",
      "instalments.0.due_on": "dueRequired",
    });
  });

  it("checks a cash payment and words the late-payment rule", () => {
    const bad = cashSchema.safeParse({ student: "", instalment: null, amount_xaf: 0, cash_reference: " " });
    expect(bad.success ? {} : fieldErrors(bad.error.issues)).toEqual({ student: "studentRequired", amount_xaf: "amountInvalid", cash_reference: "referenceRequired" });
    const s = { penaltyRule: { one: "{amount} après {n} jour", other: "{amount} après {n} jours" }, penaltyRuleNoGrace: "{amount} après l'échéance", noPenalty: "Aucune" };
    expect(penaltyText(s, "fr", { late_penalty_xaf: 5000, late_grace_days: 7 })).toBe("5\u202f000\u00a0FCFA après 7 jours");
    expect(penaltyText(s, "fr", { late_penalty_xaf: 5000, late_grace_days: 1 })).toBe("5\u202f000\u00a0FCFA après 1 jour");
    expect(penaltyText(s, "fr", { late_penalty_xaf: 5000, late_grace_days: 0 })).toBe("5\u202f000\u00a0FCFA après l'échéance");
    expect(penaltyText(s, "fr", { late_penalty_xaf: 0, late_grace_days: 3 })).toBe("Aucune");
  });

  it("checks a penalty waiver against what may still be waived", () => {
    const schema = penaltyWaiverSchema(3000);
    expect(schema.parse({ amount_xaf: "2 500", reason: "  Décès du tuteur  " })).toEqual({ amount_xaf: 2500, reason: "Décès du tuteur" });
    const errors = (value: unknown) => {
      const r = schema.safeParse(value);
      return r.success ? {} : fieldErrors(r.error.issues);
    };
    expect(errors({ amount_xaf: "3001", reason: "ok" })).toEqual({ amount_xaf: "waiverTooHigh", reason: "reasonRequired" });
    expect(errors({ amount_xaf: "0", reason: "Motif valable" })).toEqual({ amount_xaf: "amountInvalid" });
    expect(errors({ amount_xaf: "12,5", reason: "Motif valable" })).toEqual({ amount_xaf: "amountInvalid" });
  });
});

describe("next year's fees", () => {
  it("are prepared for the year after the latest, on the same calendar", () => {
    const years = [
      { starts_on: "2025-09-01", ends_on: "2026-07-31" },
      { starts_on: "2026-09-01", ends_on: "2027-07-31" },
    ];
    expect(nextAcademicYear(years)).toEqual({ label: "2027-2028", starts_on: "2027-09-01", ends_on: "2028-07-31" });
    expect(nextAcademicYear([{ starts_on: "2027-03-01", ends_on: "2028-02-29" }])).toEqual({ label: "2028-2029", starts_on: "2028-03-01", ends_on: "2029-02-28" });
    expect(nextAcademicYear([])).toBeNull();
  });
});
