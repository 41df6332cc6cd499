// Every page of the signed-in application by name, with its path pattern (without the
// language prefix; /en/... is derived). Links are built from a route's name, never written
// as path strings, so renaming or removing a route fails the type check wherever a page
// links to it. Titles are beside it in titles.ts (this file stays small: public islands
// that link into the dashboard import it).
// A leaf: it imports only lib/locales.ts (itself a leaf). Pages import this file, never the
// route table (routes.ts, which loads the pages) nor the router.
import { localizedPath, type Locale } from "../lib/locales.ts";

export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What the route table gives every page. */
export interface PageProps {
  /** The path's parameters (`:id` segments). */
  params: Record<string, string>;
}

/** In matching order: the first pattern a path fits wins (so "…/new" comes before "…/:id"). */
export const PATHS = {
  // ---- shell
  selector: "/dashboard",
  // ---- homes
  "student.home": "/dashboard/student",
  "teacher.home": "/dashboard/teacher",
  "admin.home": "/dashboard/admin",
  // ---- profile and notifications (every role)
  profile: "/dashboard/profile",
  "student.profile": "/dashboard/student/profile",
  "teacher.profile": "/dashboard/teacher/profile",
  "admin.profile": "/dashboard/admin/profile",
  "student.notifications": "/dashboard/student/notifications",
  "teacher.notifications": "/dashboard/teacher/notifications",
  "admin.notifications": "/dashboard/admin/notifications",
  "teacher.settings": "/dashboard/teacher/settings",
  // ---- messages and community
  "student.messages": "/dashboard/student/messages",
  "teacher.messages": "/dashboard/teacher/messages",
  "admin.messages": "/dashboard/admin/messages",
  "student.community": "/dashboard/student/community",
  // ---- finance (issue 14)
  "student.payments": "/dashboard/student/payments",
  "admin.finance": "/dashboard/admin/finance",
  "admin.financial-management": "/dashboard/admin/financial-management",
  // ---- people
  "admin.users": "/dashboard/admin/users",
  "admin.teachers": "/dashboard/admin/teachers",
  "admin.students": "/dashboard/admin/students",
  "teacher.students": "/dashboard/teacher/students",
  // ---- admissions (issue 13)
  applications: "/dashboard/applications",
  "admin.student-applications": "/dashboard/admin/student-applications",
  "admin.student-application": "/dashboard/admin/student-applications/:id",
  "admin.international-applications": "/dashboard/admin/international-applications",
  "admin.international-application": "/dashboard/admin/international-applications/:id",
  "admin.student-enrollments": "/dashboard/admin/student-enrollments",
  // ---- administration
  "admin.content": "/dashboard/admin/content",
  "admin.settings": "/dashboard/admin/settings",
  "admin.technical": "/dashboard/admin/technical",
  // ---- courses, timetable and virtual classes (issue 11)
  "student.courses": "/dashboard/student/courses",
  "student.course": "/dashboard/student/courses/:courseId",
  "student.schedule": "/dashboard/student/schedule",
  "teacher.courses": "/dashboard/teacher/courses",
  "teacher.schedule": "/dashboard/teacher/schedule",
  "teacher.calendar": "/dashboard/teacher/calendar",
  "teacher.classes": "/dashboard/teacher/classes",
  "teacher.classes.schedule": "/dashboard/teacher/classes/schedule",
  // ---- assessment and results (issue 12)
  "teacher.grades": "/dashboard/teacher/grades",
  "teacher.evaluations": "/dashboard/teacher/evaluations",
  "teacher.evaluations.new": "/dashboard/teacher/evaluations/new",
  "teacher.evaluations.quiz": "/dashboard/teacher/evaluations/:evaluationId",
  "student.quizzes": "/dashboard/student/quizzes",
  "student.quizzes.take": "/dashboard/student/quizzes/:quizId",
  "student.grades": "/dashboard/student/grades",
  "admin.deliberations": "/dashboard/admin/deliberations",
  // ---- assignments and reports (issue 12 §2, §7)
  "teacher.assignments": "/dashboard/teacher/assignments",
  "teacher.assignment": "/dashboard/teacher/assignments/:id",
  "student.assignments": "/dashboard/student/assignments",
  "teacher.reports": "/dashboard/teacher/reports",
  "admin.reports": "/dashboard/admin/reports",
  "virtual-class": "/virtual-class/:semesterId",
  "admin.unified-course-management": "/dashboard/admin/unified-course-management",
  "admin.schedule": "/dashboard/admin/schedule",
  "admin.course-management": "/dashboard/admin/course-management",
  "admin.course-management.course": "/dashboard/admin/course-management/:courseId",
  "admin.create-course": "/dashboard/admin/create-course",
  "admin.create-course.iou": "/dashboard/admin/create-course/iou",
  "admin.create-course.extension": "/dashboard/admin/create-course/extension",
  "admin.create-course.professional": "/dashboard/admin/create-course/professional",
  // ---- courses and timetable, continued (issue 11)
  "admin.advanced-programming": "/dashboard/admin/advanced-programming",
  "admin.iou-scheduled-courses": "/dashboard/admin/iou-scheduled-courses",
  "teacher.courses.new": "/dashboard/teacher/courses/new",
  "admin.professional-school": "/dashboard/admin/professional-school",
  "teacher.course": "/dashboard/teacher/courses/:courseId",
  "student.documents": "/dashboard/student/documents",
  "admin.extension-school": "/dashboard/admin/extension-school",
  // ---- partner courses: Harvard Online (issue 11)
  "admin.harvard-online": "/dashboard/admin/harvard-online",
  "admin.harvard-online.requests": "/admin/harvard-online",
  semester: "/semestre/:semesterId",
  "admin.zoom": "/admin/zoom",
} as const satisfies Record<string, string>;

export type RouteName = keyof typeof PATHS;

/** The `:name` segments of a path pattern, as a union of names. */
type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}/:${infer Name}` ? Name : never;
/** The parameters a route's path needs, by name. */
export type ParamsOf<N extends RouteName> = Record<ParamNames<(typeof PATHS)[N]>, string>;
/** The routes whose path has no parameter. */
export type PlainRouteName = { [N in RouteName]: [ParamNames<(typeof PATHS)[N]>] extends [never] ? N : never }[RouteName];
/** No argument for a route without parameters; its parameters object otherwise. */
type ParamArgs<N extends RouteName> = [ParamNames<(typeof PATHS)[N]>] extends [never] ? [] : [params: ParamsOf<N>];

/** A route's path without language prefix, its parameters filled in. */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamArgs<N>): string {
  return fill(name, params ?? {});
}

function fill(name: RouteName, params: Record<string, string>): string {
  return PATHS[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
}

/** The href of a route in the page's language, its parameters filled in. */
export function hrefTo<N extends RouteName>(locale: Locale, name: N, ...params: ParamArgs<N>): string {
  return localizedPath(locale, pathTo(name, ...params));
}

/** For the frame around pages (breadcrumbs, sidebar), which holds routes by name and the
 *  current page's parameters rather than one known route: unchecked parameters. */
export function hrefWithParams(locale: Locale, name: RouteName, params: Record<string, string>): string {
  return localizedPath(locale, fill(name, params));
}

export const ROUTE_NAMES = Object.keys(PATHS) as RouteName[];

const patterns = new Map<RouteName, RegExp>();
function patternOf(name: RouteName): RegExp {
  let pattern = patterns.get(name);
  if (!pattern) {
    const source = PATHS[name].replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:(\w+)/g, "/([^/]+)");
    patterns.set(name, (pattern = new RegExp(`^${source}/?$`)));
  }
  return pattern;
}

/** The route a path (without language prefix) opens, with its parameters. */
export function matchPath(path: string): { name: RouteName; params: Record<string, string> } | undefined {
  for (const name of ROUTE_NAMES) {
    const match = patternOf(name).exec(path);
    if (!match) continue;
    const keys = [...PATHS[name].matchAll(/:(\w+)/g)].map((m) => m[1]);
    return { name, params: Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(match[i + 1])])) };
  }
  return undefined;
}

/** The role whose area a path belongs to (/dashboard/teacher/... → teacher), if any. */
export function roleOfPath(path: string): Role | undefined {
  const segment = path.split("/")[2];
  return ROLES.find((role) => role === segment);
}
