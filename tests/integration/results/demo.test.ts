// The demo semester (supabase/seeds/20260504000000_results.sql) as the engine froze it:
// compensation, an eliminatory mark and a resit, with figures worked out by hand.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";

const stack = useLocalStack();
type Frozen = { session: string; student_id: string; average: string; credits_earned: number; decision: string; mention: { fr: string } | null; units: Array<{ code: string; average: number; validated_by: string | null; courses: Array<{ code: string; mark: number; resit: number | null }> }> };
let rows: Frozen[] = [];
const DEMO = "00000000-0000-4000-a000-000000000001";
const C1 = "00000000-0000-4000-b000-000000000001";
const C2 = "00000000-0000-4000-b000-000000000002";
const find = (session: string, student: string) => rows.find((r) => r.session === session && r.student_id === student)!;

beforeAll(async () => {
  rows = await stack().sql<Frozen>(
    `select d.session, f.* from public.frozen_results f join public.deliberations d on d.id = f.deliberation_id
     where d.published_at is not null`,
  );
});

describe("demo results", () => {
  it("the demo student passes with UE-MAT compensated (8.40; semester 11.57, Passable)", () => {
    const r = find("normal", DEMO);
    expect(Number(r.average)).toBe(11.57);
    expect(r.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 8.4, validated_by: "compensation" });
    expect(r.decision).toBe("validated");
    expect(r.credits_earned).toBe(12);
    expect(r.mention?.fr).toBe("Passable");
  });

  it("classmate 01: 6.20 is under the eliminatory mark, the resit (12) brings it to 10.40", () => {
    const normal = find("normal", C1);
    expect(Number(normal.average)).toBe(11.5);
    expect(normal.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 6.2, validated_by: null });
    expect(normal.decision).toBe("resit");
    const resit = find("resit", C1);
    expect(resit.units.find((u) => u.code === "UE-MAT-102")).toMatchObject({ average: 10.4, validated_by: "average" });
    expect(resit.decision).toBe("validated");
  });

  it("classmate 02: absent at an exam, still short after the resit: deferred (9.80)", () => {
    expect(find("normal", C2).decision).toBe("resit");
    const resit = find("resit", C2);
    expect(Number(resit.average)).toBe(9.8);
    expect(resit.units.find((u) => u.code === "UE-INF-101")).toMatchObject({ average: 8.53, validated_by: null });
    expect(resit.credits_earned).toBe(6);
    expect(resit.decision).toBe("deferred");
  });
});
