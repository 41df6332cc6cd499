// A correction request is checked before it is sent: a name, a plausible birth date, a
// justification, and something that actually changes.
import { describe, expect, it } from "vitest";
import { checkProposal } from "../../src/dashboard/documents/identity-rules.ts";

const current = { legal_name: "Awa Ngono", birth_date: "2004-03-14", birth_place: "Douala" };
const today = "2026-11-26";

describe("identity correction requests", () => {
  it("sends a tidy proposal", () => {
    expect(checkProposal({ legal_name: "  Awa  Ngono Epse Tchana ", birth_date: "2004-03-14", birth_place: " Douala ", reason: "Acte de mariage n° 114 joint." }, current, today)).toEqual({
      ok: true,
      proposal: { legal_name: "Awa Ngono Epse Tchana", birth_date: "2004-03-14", birth_place: "Douala", reason: "Acte de mariage n° 114 joint." },
    });
  });

  it("names every wrong field, and refuses a request that changes nothing", () => {
    expect(checkProposal({ legal_name: "A", birth_date: "2030-01-01", birth_place: "x".repeat(101), reason: "court" }, current, today)).toEqual({
      ok: false,
      problems: ["legalName", "birthDate", "birthPlace", "reason"],
    });
    expect(checkProposal({ legal_name: "Awa Ngono", birth_date: "14/03/2004", birth_place: "Douala", reason: "Une justification valable." }, current, today)).toEqual({
      ok: false,
      problems: ["birthDate"],
    });
    expect(checkProposal({ ...current, reason: "Une justification valable." }, current, today)).toEqual({ ok: false, problems: ["unchanged"] });
  });
});
