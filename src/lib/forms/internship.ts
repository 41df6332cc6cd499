// A trainee's internship as the admin records it (professional school): host organisation,
// supervisor, dates, status, report and mark /20. The database checks the same rules
// (internships' constraints: the dates, a mark only after a received report).
import * as z from "zod/mini";

const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export const internshipSchema = z
  .object({
    registration_id: z.string().check(z.minLength(1)),
    student_id: z.string().check(z.minLength(1)),
    host_organisation: text,
    supervisor_name: text,
    supervisor_contact: z.nullable(z.string().check(z.maxLength(200))),
    starts_on: day,
    ends_on: day,
    status: z.enum(["planned", "ongoing", "completed", "cancelled"]),
    report_received_on: z.nullable(day),
    mark: z.nullable(z.number().check(z.minimum(0), z.maximum(20))),
  })
  .check(
    z.refine((v) => v.ends_on > v.starts_on, { path: ["ends_on"], message: "dates" }),
    z.refine((v) => v.mark === null || (v.status === "completed" && v.report_received_on !== null), { path: ["mark"], message: "mark" }),
  );
