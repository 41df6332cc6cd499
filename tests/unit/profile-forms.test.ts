import { describe, expect, it } from "vitest";
import {
  contactsSchema,
  fitWithin,
  formatCameroonPhone,
  isCameroonMobile,
  isHttpsUrl,
  normalizeCameroonPhone,
  passwordChangeSchema,
  passwordProblems,
  teacherSettingsSchema,
} from "../../src/lib/forms/profile.ts";
import { DEFAULT_CHANNELS, NOTIFICATION_TYPES, withDefaults } from "../../src/lib/notifications/preferences.ts";

describe("Cameroonian phone numbers", () => {
  it("accepts +237 6XXXXXXXX in the ways people type it", () => {
    for (const typed of ["+237 6 71 23 45 67", "+237671234567", "00237671234567", "237 671-23-45-67", "671 23 45 67"]) expect(normalizeCameroonPhone(typed)).toBe("+237671234567");
    expect(isCameroonMobile("6 71 23 45 67")).toBe(true);
  });
  it("refuses landlines, other countries and wrong lengths", () => {
    for (const bad of ["+237 222 23 45 67", "+33 6 12 34 56 78", "+237 6712345", "+237 67123456789", "abc"]) expect(isCameroonMobile(bad)).toBe(false);
  });
  it("formats for display", () => {
    expect(formatCameroonPhone("+237671234567")).toBe("+237 6 71 23 45 67");
  });
  it("the contacts form stores the normalized number, or none when empty", () => {
    expect(contactsSchema.parse({ phone: "6 71 23 45 67" })).toEqual({ phone: "+237671234567" });
    expect(contactsSchema.parse({ phone: " " })).toEqual({ phone: null });
    expect(contactsSchema.safeParse({ phone: "12345" }).error?.issues[0].message).toBe("phoneInvalid");
  });
});

describe("password change", () => {
  it("names each rule a weak password breaks: everyone's (8, letters and digits)", () => {
    expect(passwordProblems("abc")).toEqual(["length", "digit"]);
    expect(passwordProblems("12345678")).toEqual(["letter"]);
    expect(passwordProblems("etudiant2026")).toEqual([]);
  });
  it("and the staff's (12, lower, upper, digit and symbol), as the auth server applies them", () => {
    expect(passwordProblems("enseignant2026", true)).toEqual(["upper", "symbol"]);
    expect(passwordProblems("Ens-2026-ok", true)).toEqual(["length"]);
    expect(passwordProblems("Enseignant-Demo-2026", true)).toEqual([]);
  });
  it("requires the current password and a strong new one typed twice", () => {
    const schema = passwordChangeSchema();
    const current = "Ancien-Pass-2026";
    expect(schema.safeParse({ currentPassword: "", password: "Nouveau-Pass-2026", passwordConfirm: "Nouveau-Pass-2026" }).error?.issues[0]).toMatchObject({
      message: "currentRequired",
      path: ["currentPassword"],
    });
    expect(schema.safeParse({ currentPassword: current, password: "", passwordConfirm: "" }).error?.issues[0].message).toBe("passwordRequired");
    expect(schema.safeParse({ currentPassword: current, password: "short", passwordConfirm: "short" }).error?.issues[0].message).toBe("passwordWeak");
    expect(schema.safeParse({ currentPassword: current, password: "Nouveau-Pass-2026", passwordConfirm: "other" }).error?.issues[0]).toMatchObject({
      message: "passwordMismatch",
      path: ["passwordConfirm"],
    });
    expect(schema.safeParse({ currentPassword: current, password: "etudiant2027", passwordConfirm: "etudiant2027" }).success).toBe(true);
    expect(passwordChangeSchema(true).safeParse({ currentPassword: current, password: "etudiant2027", passwordConfirm: "etudiant2027" }).success).toBe(false);
  });
});

describe("teacher settings", () => {
  it("accepts https links only, or none", () => {
    expect(isHttpsUrl("https://zoom.us/j/9123456789")).toBe(true);
    for (const bad of ["http://zoom.us/j/1", "zoom.us/j/1", "javascript:alert(1)", "https://"]) expect(isHttpsUrl(bad)).toBe(false);
    expect(teacherSettingsSchema.parse({ defaultMeetingPlatform: "teams", personalMeetingUrl: "" })).toEqual({
      defaultMeetingPlatform: "teams",
      personalMeetingUrl: null,
    });
    expect(teacherSettingsSchema.safeParse({ defaultMeetingPlatform: "zoom", personalMeetingUrl: "http://x.cm" }).error?.issues[0].message).toBe("urlInvalid");
    expect(teacherSettingsSchema.safeParse({ defaultMeetingPlatform: "meet", personalMeetingUrl: "" }).success).toBe(false);
  });
});

describe("avatar resizing", () => {
  it("fits the larger side within 512 px, keeping the ratio, never enlarging", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(1000, 2000)).toEqual({ width: 256, height: 512 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
});

describe("notification preferences", () => {
  it("defaults to in-app only for every type without a stored row", () => {
    expect(DEFAULT_CHANNELS).toEqual({ in_app: true, email: false, sms: false });
    const all = withDefaults([{ type: "payment", in_app: false, email: true, sms: true }]);
    expect(all.map((p) => p.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(all.find((p) => p.type === "payment")).toEqual({ type: "payment", in_app: false, email: true, sms: true });
    expect(all.find((p) => p.type === "course_starting")).toEqual({ type: "course_starting", ...DEFAULT_CHANNELS });
  });
});
