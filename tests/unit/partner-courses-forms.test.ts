// The partner-course forms (src/lib/forms/partner-courses.ts) and the request window rule
// the pages share with the database (private.partner_course_open).
import { describe, expect, it } from "vitest";
import { motivationSchema, partnerCourseSchema, rejectionSchema } from "../../src/lib/forms/partner-courses.ts";
import { isOpen } from "../../src/dashboard/partners/data.ts";

const course = {
  partner: " Harvard Online ",
  code: "ho-cs50x",
  title: "CS50",
  language: "en" as const,
  description: "",
  url: "https://pll.harvard.edu/course/cs50",
  starts_on: "2027-01-10",
  ends_on: "2027-04-30",
  seats: 30,
  requests_open: true,
  requests_close_on: "",
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`) ?? [];

describe("partner course form", () => {
  it("trims, upper-cases the code, and refuses http links, bad dates, a window past the end and zero seats", () => {
    const ok = partnerCourseSchema.safeParse(course);
    expect(ok.success && ok.data).toMatchObject({ partner: "Harvard Online", code: "HO-CS50X" });
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, url: "http://pll.harvard.edu/x" }))).toEqual(["url:httpsOnly"]);
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, url: "https://" }))).toEqual(["url:httpsOnly"]);
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, ends_on: "2027-01-01" }))).toEqual(["ends_on:endBeforeStart"]);
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, requests_close_on: "2027-05-01" }))).toEqual(["requests_close_on:closeAfterEnd"]);
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, starts_on: "10/01/2027", seats: 0 }))).toEqual(["starts_on:dateInvalid", "seats:seatsInvalid"]);
    expect(messagesOf(partnerCourseSchema.safeParse({ ...course, code: "x" }))).toEqual(["code:codeInvalid"]);
  });

  it("bounds the motivation and requires a rejection's reason", () => {
    expect(messagesOf(motivationSchema.safeParse({ motivation: "  court   " }))).toEqual(["motivation:motivationShort"]);
    expect(messagesOf(motivationSchema.safeParse({ motivation: "x".repeat(1001) }))).toEqual(["motivation:tooLong"]);
    expect(motivationSchema.safeParse({ motivation: "Pour mon projet de fin d'études." }).success).toBe(true);
    expect(messagesOf(rejectionSchema.safeParse({ reason: "   " }))).toEqual(["reason:reasonRequired"]);
  });

  it("takes requests while open, until the last day and the course's end (Douala days)", () => {
    const c = { requests_open: true, requests_close_on: "2027-01-05", ends_on: "2027-04-30" };
    expect(isOpen(c, "2027-01-05")).toBe(true);
    expect(isOpen(c, "2027-01-06")).toBe(false);
    expect(isOpen({ ...c, requests_close_on: null }, "2027-04-30")).toBe(true);
    expect(isOpen({ ...c, requests_close_on: null }, "2027-05-01")).toBe(false);
    expect(isOpen({ ...c, requests_open: false }, "2027-01-01")).toBe(false);
  });
});
