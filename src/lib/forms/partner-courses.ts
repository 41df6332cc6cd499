// Partner courses (admin/harvard-online) and enrolment requests (student/courses). The
// database checks the same rules (20260701000000_partner_courses.sql). Messages are keys of
// src/dashboard/partners/messages.ts (errors section).
import * as z from "zod/mini";

export const PARTNER_REQUEST_STATUSES = ["requested", "approved", "waitlisted", "rejected", "withdrawn"] as const;
export type PartnerRequestStatus = (typeof PARTNER_REQUEST_STATUSES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(new Date(`${v}T12:00:00Z`).getTime());
const day = z.string().check(z.trim(), z.refine(isDay, "dateInvalid"));

export const partnerCourseSchema = z
  .object({
    partner: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(120, "tooLong")),
    code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9][A-Z0-9.-]{1,29}$/, "codeInvalid")),
    title: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(200, "tooLong")),
    language: z.enum(["fr", "en"]),
    description: z.string().check(z.trim(), z.maxLength(4000, "tooLong")),
    url: z.string().check(z.trim(), z.maxLength(2048, "tooLong"), z.regex(/^https:\/\/[^\s/]+\.\S+$/, "httpsOnly")),
    starts_on: day,
    ends_on: day,
    seats: z.number("seatsInvalid").check(z.int("seatsInvalid"), z.gte(1, "seatsInvalid"), z.lte(10000, "seatsInvalid")),
    requests_open: z.boolean(),
    /** Empty: no closing day. */
    requests_close_on: z.string().check(
      z.trim(),
      z.refine((v) => v === "" || isDay(v), "dateInvalid"),
    ),
  })
  .check(
    z.refine((c) => !isDay(c.starts_on) || !isDay(c.ends_on) || c.ends_on >= c.starts_on, { message: "endBeforeStart", path: ["ends_on"] }),
    z.refine((c) => c.requests_close_on === "" || !isDay(c.ends_on) || c.requests_close_on <= c.ends_on, { message: "closeAfterEnd", path: ["requests_close_on"] }),
  );
export type PartnerCourseForm = z.input<typeof partnerCourseSchema>;
export type PartnerCourseValues = z.output<typeof partnerCourseSchema>;

export const MOTIVATION_MIN = 10;
export const MOTIVATION_MAX = 1000;
export const motivationSchema = z.object({
  motivation: z.string().check(z.trim(), z.minLength(MOTIVATION_MIN, "motivationShort"), z.maxLength(MOTIVATION_MAX, "tooLong")),
});
export type MotivationForm = z.infer<typeof motivationSchema>;

export const rejectionSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, "reasonRequired"), z.maxLength(500, "tooLong")),
});
export type RejectionForm = z.infer<typeof rejectionSchema>;
