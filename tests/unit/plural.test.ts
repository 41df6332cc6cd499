import { describe, expect, it } from "vitest";
import { formatDecimal } from "../../src/lib/format.ts";
import { countOf, plural } from "../../src/lib/plural.ts";
import { assignmentMessages } from "../../src/dashboard/assignments/messages.ts";
import { messagesMessages } from "../../src/dashboard/messages/messages.ts";

describe("plural forms", () => {
  const penalty = (locale: "fr" | "en", points: number) => plural(locale, points, assignmentMessages[locale].penaltyNote, { points: formatDecimal(locale, points) });

  it("writes a penalty with the language's decimal mark and a real plural", () => {
    expect(penalty("fr", 0.5)).toBe("Pénalité : 0,5 point par jour de retard.");
    expect(penalty("fr", 1.5)).toBe("Pénalité : 1,5 point par jour de retard.");
    expect(penalty("fr", 2)).toBe("Pénalité : 2 points par jour de retard.");
    expect(penalty("en", 0.5)).toBe("Penalty: 0.5 marks per day late.");
    expect(penalty("en", 1)).toBe("Penalty: 1 mark per day late.");
  });

  it("counts an announcement's readers", () => {
    expect(plural("fr", 1, messagesMessages.fr.readBy, { read: 0, count: 1 })).toBe("Lue par 0 sur 1 destinataire");
    expect(plural("fr", 20, messagesMessages.fr.readBy, { read: 3, count: 20 })).toBe("Lue par 3 sur 20 destinataires");
    expect(plural("en", 20, messagesMessages.en.readBy, { read: 3, count: 20 })).toBe("Read by 3 of 20 recipients");
  });
});

describe("counts in words", () => {
  const forms = { one: "{n} séance", other: "{n} séances" };
  it("picks the language's form and writes the count with Intl", () => {
    expect(countOf("fr", forms, 0)).toBe("0 séance");
    expect(countOf("fr", forms, 1)).toBe("1 séance");
    expect(countOf("fr", forms, 2500)).toBe("2\u202f500 séances");
    expect(countOf("fr", forms, 1_000_000)).toBe("1\u202f000\u202f000 séances"); // CLDR "many": the plural form
    expect(countOf("en", { one: "{n} session", other: "{n} sessions" }, 0)).toBe("0 sessions");
    expect(countOf("en", { one: "{n} session", other: "{n} sessions" }, 2500)).toBe("2,500 sessions");
  });

  it("fills the other placeholders as given", () => {
    expect(countOf("fr", { one: "{course} : {n} note manquante", other: "{course} : {n} notes manquantes" }, 3, { course: "INF101" })).toBe("INF101 : 3 notes manquantes");
  });
});
