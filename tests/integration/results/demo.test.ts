// The demo semester (supabase/seeds/20260504000000_results.sql: last year's L1 semester 2,
// 30 credits) as the engine froze it: compensation, an eliminatory mark, an absence and
// resits, with figures worked out by hand (CC 40 %, exam 60 %; UE averages by EC credits,
// the semester's by UE credits).
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
type Frozen = {
  session: string;
  student_id: string;
  average: string;
  credits_earned: number;
  credits_total: number;
  decision: string;
  mention: { fr: string } | null;
  units: Array<{ code: string; average: number; validated_by: string | null; courses: Array<{ code: string; mark: number; resit: number | null }> }>;
};
let rows: Frozen[] = [];
const DEMO = "00000000-0000-4000-a000-000000000001";
const C1 = "00000000-0000-4000-b000-000000000001";
const C2 = "00000000-0000-4000-b000-000000000002";
const FOTSO = "00000000-0000-4000-e000-000000000002";
const find = (session: string, student: string) => rows.find((r) => r.session === session && r.student_id === student)!;

beforeAll(async () => {
  rows = await stack().sql<Frozen>(
    `select d.session, f.* from public.frozen_results f join public.deliberations d on d.id = f.deliberation_id
     join public.semesters s on s.id = d.semester_id
     where d.published_at is not null and s.number = 2`,
  );
});

describe("demo results", () => {
  it("the demo student passes with UE-MAT compensated (8.40; semester 11.39, Passable)", () => {
    // UE-INF-101 (13.40 × 4 + 11.40 × 2) / 6 = 12.73; (12.73 × 6 + 8.40 × 4 + 14.40 × 2 + 11.40 × 6 + 12.40 × 6 + 10 × 6) / 30
    const r = find("normal", DEMO);
    expect(Number(r.average)).toBe(11.39);
    expect(r.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 8.4, validated_by: "compensation" });
    expect(r.units.find((u) => u.code === "UE-INF-101")).toMatchObject({ average: 12.73, validated_by: "average" });
    expect(r.decision).toBe("validated");
    expect(r).toMatchObject({ credits_earned: 30, credits_total: 30 });
    expect(r.mention?.fr).toBe("Passable");
  });

  it("classmate 01: 6.20 is under the eliminatory mark, the resit (12) brings it to 10.40", () => {
    const normal = find("normal", C1);
    expect(Number(normal.average)).toBe(11.96);
    expect(normal.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 6.2, validated_by: null });
    expect(normal.decision).toBe("resit");
    const resit = find("resit", C1);
    expect(resit.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 10.4, validated_by: "average" });
    expect(resit.decision).toBe("validated");
  });

  it("classmate 02: absent at an exam, resit; UE-INF-101 at 8.53 after it, validated by compensation (10.92)", () => {
    expect(find("normal", C2).decision).toBe("resit");
    const resit = find("resit", C2);
    expect(Number(resit.average)).toBe(10.92);
    expect(resit.units.find((u) => u.code === "UE-INF-101")).toMatchObject({ average: 8.53, validated_by: "compensation" });
    expect(resit.credits_earned).toBe(30);
    expect(resit.decision).toBe("validated");
  });

  it("Carine Fotso: still short after the resit, deferred (8.68): she repeats L1", () => {
    const resit = find("resit", FOTSO);
    expect(Number(resit.average)).toBe(8.68);
    expect(resit.units.find((u) => u.code === "UE-INF-101")).toMatchObject({ average: 7.53, validated_by: null });
    expect(resit.decision).toBe("deferred");
  });
});
