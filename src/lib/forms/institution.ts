// admin/settings forms: the institution and its grading options (DOMAIN §2). The database
// checks the same rules (20260404000000_institution_and_health.sql). Messages are keys of
// src/dashboard/institution/messages.ts (errors section).
import * as z from "zod/mini";

export const NIU = /^[A-Z0-9]{10,20}$/;
export const PHONE = /^\+?[0-9 ]{6,20}$/;
export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** {YY}{SCHOOL}{SEQ:4}: one {SEQ:n} (3–6 digits), other tokens, letters, digits and dashes. */
export function isMatriculePattern(pattern: string): boolean {
  const sequences = pattern.match(/\{SEQ:[3-6]\}/g) ?? [];
  return pattern.length <= 40 && sequences.length === 1 && /^[A-Za-z0-9-]*$/.test(pattern.replace(/\{(SCHOOL|YY|YYYY|SEQ:[3-6])\}/g, ""));
}

const optional = (test: (value: string) => boolean, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === "" || test(v), message),
  );

export const institutionSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, "nameRequired"), z.maxLength(200, "tooLong")),
  niu: optional((v) => NIU.test(v), "niuInvalid"),
  phone: optional((v) => PHONE.test(v), "phoneInvalid"),
  email: optional((v) => EMAIL.test(v) && v.length <= 320, "emailInvalid"),
  postal_address: z.string().check(z.trim(), z.maxLength(300, "tooLong")),
  matricule_pattern: z.string().check(z.trim(), z.refine(isMatriculePattern, "patternInvalid")),
  // Printed on relevés: the opening authorisation, and who signs (empty: none).
  authorization_ref: z._default(
    optional((v) => v.length >= 2 && v.length <= 200, "lengthInvalid"),
    "",
  ),
  signatory_name: z._default(
    optional((v) => v.length >= 2 && v.length <= 120, "lengthInvalid"),
    "",
  ),
  signatory_title_fr: z._default(
    optional((v) => v.length >= 2 && v.length <= 120, "lengthInvalid"),
    "",
  ),
  signatory_title_en: z._default(
    optional((v) => v.length >= 2 && v.length <= 120, "lengthInvalid"),
    "",
  ),
});
export type InstitutionForm = z.infer<typeof institutionSchema>;

/** DOMAIN §2: the CC weighs 20–40 % of a course mark (the exam the rest), for each course
 *  (courses.cc_weight) and for the institution's default given to new courses. */
export const CC_WEIGHT_MIN = 20;
export const CC_WEIGHT_MAX = 40;

const mark = (message: string) => z.number(message).check(z.gte(0, message), z.lte(20, message));
const optionalMark = (message: string) => z.nullable(mark(message));

export const gradingSchema = z
  .object({
    cc_weight: z.number("weightInvalid").check(z.int("weightInvalid"), z.gte(CC_WEIGHT_MIN, "weightInvalid"), z.lte(CC_WEIGHT_MAX, "weightInvalid")),
    pass_mark: mark("markInvalid"),
    compensation: z.boolean(),
    eliminatory_mark: optionalMark("markInvalid"),
    resit_cap: optionalMark("markInvalid"),
    mention_bands: z
      .array(
        z.object({
          min: mark("markInvalid"),
          fr: z.string().check(z.trim(), z.minLength(1, "labelRequired"), z.maxLength(40, "tooLong")),
          en: z.string().check(z.trim(), z.minLength(1, "labelRequired"), z.maxLength(40, "tooLong")),
        }),
      )
      .check(
        z.minLength(1, "bandsRequired"),
        z.maxLength(10, "tooMany"),
        z.refine((bands) => bands.every((b, i) => i === 0 || b.min > bands[i - 1].min), "bandsOrder"),
      ),
    grade_points: z
      .array(
        z.object({
          min: z.number("percentInvalid").check(z.gte(0, "percentInvalid"), z.lte(100, "percentInvalid")),
          letter: z.string().check(z.trim(), z.minLength(1, "labelRequired"), z.maxLength(3, "tooLong")),
          points: z.number("pointsInvalid").check(z.gte(0, "pointsInvalid"), z.lte(4, "pointsInvalid")),
        }),
      )
      .check(
        z.minLength(2, "pointsRequired"),
        z.maxLength(20, "tooMany"),
        z.refine((rows) => rows.every((r, i) => i === 0 || r.min < rows[i - 1].min), "pointsOrder"),
        z.refine((rows) => rows.at(-1)?.min === 0, "pointsFloor"),
      ),
  })
  .check(z.refine((g) => g.eliminatory_mark === null || g.eliminatory_mark < g.pass_mark, { message: "eliminatoryAbovePass", path: ["eliminatory_mark"] }));
export type GradingForm = z.infer<typeof gradingSchema>;

/** A new academic year with its two semesters: "2026-2027", consecutive years, dates in order. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.string().check(z.regex(ISO_DATE, "dateRequired"));
// The order of the dates is judged once they are all written: a half-filled form must not
// call a correct date wrong (and the message must not come and go while the user types).
const datesWritten = (...days: string[]) => days.every((day) => ISO_DATE.test(day));
export const academicYearSchema = z
  .object({
    label: z.string().check(z.trim(), z.regex(/^\d{4}-\d{4}$/, "yearLabelInvalid")),
    starts_on: isoDate,
    first_semester_ends_on: isoDate,
    ends_on: isoDate,
  })
  .check(
    z.refine((y) => Number(y.label.slice(5)) === Number(y.label.slice(0, 4)) + 1, { message: "yearLabelInvalid", path: ["label"] }),
    z.refine((y) => !datesWritten(y.starts_on, y.first_semester_ends_on, y.ends_on) || (y.first_semester_ends_on > y.starts_on && y.first_semester_ends_on < y.ends_on), {
      message: "datesOrder",
      path: ["first_semester_ends_on"],
    }),
    z.refine((y) => !datesWritten(y.starts_on, y.ends_on) || y.ends_on > y.starts_on, { message: "datesOrder", path: ["ends_on"] }),
  );
export type AcademicYearForm = z.infer<typeof academicYearSchema>;

/** The day after an ISO date (the second semester starts the day after the first ends). */
export function nextDay(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
