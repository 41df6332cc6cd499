import { describe, expect, it } from "vitest";
import { formatMarkEntry, parseMarkEntry, sameEntry, type MarkRefusal } from "../../src/lib/results/mark-entry.ts";
import { gradebookMessages } from "../../src/dashboard/assessment/messages.ts";

describe("gradebook cell entry", () => {
  it("reads marks in both decimal styles, absences and excuses", () => {
    expect(parseMarkEntry("12,5")).toEqual({ ok: true, entry: { status: "marked", score: 12.5 } });
    expect(parseMarkEntry(" 20 ")).toEqual({ ok: true, entry: { status: "marked", score: 20 } });
    expect(parseMarkEntry("0.25")).toEqual({ ok: true, entry: { status: "marked", score: 0.25 } });
    expect(parseMarkEntry("abs")).toEqual({ ok: true, entry: { status: "absent", score: null } });
    expect(parseMarkEntry("EXC")).toEqual({ ok: true, entry: { status: "excused", score: null } });
    expect(parseMarkEntry("")).toEqual({ ok: true, entry: null });
  });

  it("refuses what is not a mark out of 20", () => {
    for (const bad of ["21", "25", "20,5", "-1", "100"]) expect(parseMarkEntry(bad), bad).toEqual({ ok: false, reason: "out_of_range" });
    for (const bad of ["douze", "abc", "1e1", "12,5,1", "12.", "ABSENT"]) expect(parseMarkEntry(bad), bad).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseMarkEntry("12,555")).toEqual({ ok: false, reason: "too_precise" });
  });

  it("writes marks back in the page's language", () => {
    expect(formatMarkEntry({ status: "marked", score: 12.5 }, "fr")).toBe("12,5");
    expect(formatMarkEntry({ status: "marked", score: 12.5 }, "en")).toBe("12.5");
    expect(formatMarkEntry({ status: "absent", score: null }, "fr")).toBe("ABS");
    expect(formatMarkEntry(null, "en")).toBe("");
    expect(sameEntry({ status: "marked", score: 12 }, { status: "marked", score: 12 })).toBe(true);
    expect(sameEntry(null, { status: "excused", score: null })).toBe(false);
  });

  it("says why a mark was refused, in both languages", () => {
    const reasons: MarkRefusal[] = ["not_a_number", "out_of_range", "too_precise"];
    for (const locale of ["fr", "en"] as const) {
      for (const reason of reasons) {
        expect(gradebookMessages[locale].refused[reason]).toContain("{value}");
        expect(gradebookMessages[locale].refusedShort[reason].length).toBeGreaterThan(0);
      }
    }
    const refused = parseMarkEntry("abc");
    expect(refused.ok ? null : gradebookMessages.fr.refused[refused.reason]).toMatch(/n'est pas un nombre/);
  });
});
