// The one route table of the signed-in application (DESIGN §6): who may open each route of
// paths.ts, the page it loads, its sidebar entry and breadcrumb parent. The sidebar, the
// role guard, breadcrumbs and the tests read it. A page is added to paths.ts (name, path),
// titles.ts and here (the type check wants one entry per name in each).
// Pages load lazily, each in its own chunk: importing this file loads no page. Only
// App.tsx and the frame around the page (shell/Layout, Sidebar, Breadcrumbs) import it;
// pages link through paths.ts, so no page imports back into this table.
import type { ComponentType } from "react";
import { PATHS, ROUTE_NAMES, matchPath, type PageProps, type Role, type RouteName } from "./paths.ts";
import { TITLES, type Bilingual } from "./titles.ts";

export type { Role } from "./paths.ts";

/** Sidebar sections, in the order they appear. */
export const NAV_GROUPS = ["main", "learning", "teaching", "community", "people", "administration", "account"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

interface RouteEntry {
  /** Who may open it; "signed-in": anyone signed in, with or without a role. */
  roles: readonly Role[] | "signed-in";
  page: () => Promise<{ default: ComponentType<PageProps> }>;
  /** Listed in the sidebar of these roles' areas. */
  nav?: { group: NavGroup; order: number; label?: Bilingual };
  /** Breadcrumb parent; a role's home by default. */
  parent?: RouteName;
}

export interface DashboardRoute extends RouteEntry {
  /** Unique name, "<role>.<page>" by convention. */
  name: RouteName;
  /** Path without the language prefix, with `:param` segments. */
  path: string;
  /** Document title, h1 and breadcrumb label. */
  title: Bilingual;
}

const student = ["student"] as const;
const teacher = ["teacher"] as const;
const admin = ["admin"] as const;

const ENTRIES: { [N in RouteName]: RouteEntry } = {
  // ---- shell
  selector: { roles: "signed-in", page: () => import("./shell/RoleSelectorPage.tsx") },
  // ---- homes
  "student.home": { roles: student, page: () => import("./home/StudentHomePage.tsx"), nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } } },
  "teacher.home": { roles: teacher, page: () => import("./home/TeacherHomePage.tsx"), nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } } },
  "admin.home": { roles: admin, page: () => import("./home/AdminHomePage.tsx"), nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } } },
  // ---- profile and notifications (every role)
  profile: { roles: "signed-in", page: () => import("./profile/ProfilePage.tsx") },
  "student.profile": { roles: student, page: () => import("./profile/ProfilePage.tsx"), nav: { group: "account", order: 1 } },
  "teacher.profile": { roles: teacher, page: () => import("./profile/ProfilePage.tsx"), nav: { group: "account", order: 1 } },
  "admin.profile": { roles: admin, page: () => import("./profile/ProfilePage.tsx"), nav: { group: "account", order: 1 } },
  "student.notifications": { roles: student, page: () => import("./notifications/NotificationsPage.tsx"), nav: { group: "account", order: 2 } },
  "teacher.notifications": { roles: teacher, page: () => import("./notifications/NotificationsPage.tsx"), nav: { group: "account", order: 2 } },
  "admin.notifications": { roles: admin, page: () => import("./notifications/NotificationsPage.tsx"), nav: { group: "account", order: 2 } },
  "teacher.settings": { roles: teacher, page: () => import("./composed/TeacherSettings.tsx"), nav: { group: "account", order: 3 } },
  // ---- messages and community
  "student.messages": { roles: student, page: () => import("./composed/Messages.tsx"), nav: { group: "community", order: 1 } },
  "teacher.messages": { roles: teacher, page: () => import("./composed/Messages.tsx"), nav: { group: "community", order: 1 } },
  "admin.messages": { roles: admin, page: () => import("./composed/Messages.tsx"), nav: { group: "community", order: 1 } },
  "student.community": { roles: student, page: () => import("./community/CommunityPage.tsx"), nav: { group: "community", order: 2 } },
  // ---- finance (issue 14)
  "student.payments": { roles: student, page: () => import("./finance/StudentPaymentsPage.tsx"), nav: { group: "main", order: 5 } },
  "admin.finance": { roles: admin, page: () => import("./finance/AdminFinancePage.tsx"), nav: { group: "administration", order: 5 } },
  "admin.financial-management": { roles: admin, page: () => import("./finance/AdminFinancialManagementPage.tsx"), nav: { group: "administration", order: 6 } },
  // ---- people
  "admin.users": { roles: admin, page: () => import("./people/AdminUsersPage.tsx"), nav: { group: "people", order: 1 } },
  "admin.teachers": { roles: admin, page: () => import("./people/AdminTeachersPage.tsx"), nav: { group: "people", order: 2 } },
  "admin.students": { roles: admin, page: () => import("./composed/AdminStudents.tsx"), nav: { group: "people", order: 3 } },
  "teacher.students": { roles: teacher, page: () => import("./people/TeacherStudentsPage.tsx"), nav: { group: "teaching", order: 3 } },
  // ---- admissions (issue 13)
  applications: { roles: "signed-in", page: () => import("./admissions/ApplicantApplicationsPage.tsx") },
  "admin.student-applications": { roles: admin, page: () => import("./admissions/AdminStudentApplicationsPage.tsx"), nav: { group: "people", order: 10 } },
  "admin.student-application": { roles: admin, page: () => import("./admissions/AdminApplicationPage.tsx"), parent: "admin.student-applications" },
  "admin.international-applications": { roles: admin, page: () => import("./admissions/AdminInternationalApplicationsPage.tsx"), nav: { group: "people", order: 11 } },
  "admin.international-application": { roles: admin, page: () => import("./admissions/AdminApplicationPage.tsx"), parent: "admin.international-applications" },
  "admin.student-enrollments": { roles: admin, page: () => import("./admissions/AdminEnrollmentsPage.tsx"), nav: { group: "people", order: 12 } },
  // ---- administration
  "admin.content": { roles: admin, page: () => import("./catalogue/AdminContentPage.tsx"), nav: { group: "administration", order: 70 } },
  "admin.settings": { roles: admin, page: () => import("./institution/AdminSettingsPage.tsx"), nav: { group: "administration", order: 80 } },
  "admin.technical": { roles: admin, page: () => import("./institution/AdminTechnicalPage.tsx"), nav: { group: "administration", order: 90 } },
  // ---- courses, timetable and virtual classes (issue 11)
  "student.courses": { roles: student, page: () => import("./composed/StudentCourses.tsx"), nav: { group: "learning", order: 1 } },
  "student.course": { roles: student, page: () => import("./courses/StudentCoursePage.tsx"), parent: "student.courses" },
  "student.schedule": { roles: student, page: () => import("./schedule/StudentSchedulePage.tsx"), nav: { group: "learning", order: 2 } },
  "teacher.courses": { roles: teacher, page: () => import("./courses/TeacherCoursesPage.tsx"), nav: { group: "teaching", order: 1 } },
  "teacher.schedule": { roles: teacher, page: () => import("./schedule/TeacherSchedulePage.tsx"), nav: { group: "teaching", order: 4 } },
  "teacher.calendar": { roles: teacher, page: () => import("./schedule/TeacherCalendarPage.tsx"), nav: { group: "teaching", order: 5 } },
  "teacher.classes": { roles: teacher, page: () => import("./composed/TeacherClasses.tsx"), nav: { group: "teaching", order: 2 } },
  "teacher.classes.schedule": { roles: teacher, page: () => import("./classes/TeacherClassSchedulePage.tsx"), nav: { group: "teaching", order: 6 }, parent: "teacher.classes" },
  // ---- assessment and results (issue 12)
  "teacher.grades": { roles: teacher, page: () => import("./assessment/GradebookPage.tsx"), nav: { group: "teaching", order: 7 } },
  "teacher.evaluations": { roles: teacher, page: () => import("./quizzes/TeacherEvaluationsPage.tsx"), nav: { group: "teaching", order: 8 } },
  "teacher.evaluations.new": { roles: teacher, page: () => import("./quizzes/NewEvaluationPage.tsx"), parent: "teacher.evaluations" },
  "teacher.evaluations.quiz": { roles: teacher, page: () => import("./quizzes/QuizBuilderPage.tsx"), parent: "teacher.evaluations" },
  "student.quizzes": { roles: student, page: () => import("./quizzes/StudentQuizzesPage.tsx"), nav: { group: "learning", order: 4 } },
  "student.quizzes.take": { roles: student, page: () => import("./quizzes/TakeQuizPage.tsx"), parent: "student.quizzes" },
  "student.grades": { roles: student, page: () => import("./results/StudentResultsPage.tsx"), nav: { group: "learning", order: 3 } },
  "admin.deliberations": { roles: admin, page: () => import("./results/AdminDeliberationsPage.tsx"), nav: { group: "administration", order: 30 } },
  // ---- assignments and reports (issue 12 §2, §7)
  "teacher.assignments": { roles: teacher, page: () => import("./assignments/TeacherAssignmentsPage.tsx"), nav: { group: "teaching", order: 8 } },
  "teacher.assignment": { roles: teacher, page: () => import("./assignments/TeacherAssignmentPage.tsx"), parent: "teacher.assignments" },
  "student.assignments": { roles: student, page: () => import("./assignments/StudentAssignmentsPage.tsx"), nav: { group: "learning", order: 4 } },
  "teacher.reports": { roles: teacher, page: () => import("./reports/TeacherReportsPage.tsx"), nav: { group: "teaching", order: 9 } },
  "admin.reports": { roles: admin, page: () => import("./reports/AdminReportsPage.tsx"), nav: { group: "administration", order: 31 } },
  "virtual-class": { roles: ["student", "teacher"], page: () => import("./classes/VirtualClassPage.tsx") },
  "admin.unified-course-management": { roles: admin, page: () => import("./courses/AdminUnifiedCoursesPage.tsx"), nav: { group: "administration", order: 19 } },
  "admin.schedule": { roles: admin, page: () => import("./schedule/AdminSchedulePage.tsx"), nav: { group: "administration", order: 21 } },
  "admin.course-management": { roles: admin, page: () => import("./courses/AdminCourseManagementPage.tsx"), nav: { group: "administration", order: 22 } },
  "admin.course-management.course": { roles: admin, page: () => import("./courses/AdminCourseManagementPage.tsx"), parent: "admin.course-management" },
  "admin.create-course": { roles: admin, page: () => import("./courses/CreateCourseAnyPage.tsx"), nav: { group: "administration", order: 20 } },
  "admin.create-course.iou": { roles: admin, page: () => import("./courses/CreateCourseIouPage.tsx"), parent: "admin.create-course" },
  "admin.create-course.extension": { roles: admin, page: () => import("./courses/CreateCourseExtensionPage.tsx"), parent: "admin.create-course" },
  "admin.create-course.professional": { roles: admin, page: () => import("./courses/CreateCourseProfessionalPage.tsx"), parent: "admin.create-course" },
  // ---- courses and timetable, continued (issue 11)
  "admin.advanced-programming": { roles: admin, page: () => import("./classes/AdminAdvancedProgrammingPage.tsx"), nav: { group: "administration", order: 21.5 } },
  "admin.iou-scheduled-courses": { roles: admin, page: () => import("./classes/AdminIouScheduledPage.tsx"), nav: { group: "administration", order: 21.6 } },
  "teacher.courses.new": { roles: teacher, page: () => import("./courses/TeacherNewCoursePage.tsx"), nav: { group: "teaching", order: 1.5 }, parent: "teacher.courses" },
  "admin.professional-school": { roles: admin, page: () => import("./professional/AdminProfessionalSchoolPage.tsx"), nav: { group: "administration", order: 22.6 } },
  "teacher.course": { roles: teacher, page: () => import("./courses/TeacherCoursePage.tsx"), parent: "teacher.courses" },
  "student.documents": { roles: student, page: () => import("./documents/StudentDocumentsPage.tsx"), nav: { group: "learning", order: 4 } },
  "admin.extension-school": { roles: admin, page: () => import("./courses/AdminExtensionSchoolPage.tsx"), nav: { group: "administration", order: 22.5 } },
  // ---- partner courses: Harvard Online (issue 11)
  "admin.harvard-online": { roles: admin, page: () => import("./partners/AdminPartnerCoursesPage.tsx"), nav: { group: "administration", order: 22.7 } },
  "admin.harvard-online.requests": { roles: admin, page: () => import("./partners/AdminPartnerRequestsPage.tsx"), nav: { group: "administration", order: 22.8 }, parent: "admin.harvard-online" },
  semester: { roles: ["student", "teacher"], page: () => import("./courses/SemesterPage.tsx") },
  "admin.zoom": { roles: admin, page: () => import("./meetings/AdminZoomPage.tsx"), nav: { group: "administration", order: 21.7, label: { fr: "Zoom et Teams", en: "Zoom and Teams" } } },
};

/** Every route, in paths.ts's (matching) order. */
export const ROUTES: readonly DashboardRoute[] = ROUTE_NAMES.map((name) => ({ name, path: PATHS[name], title: TITLES[name], ...ENTRIES[name] }));

export function routeNamed(name: RouteName): DashboardRoute {
  return ROUTES.find((route) => route.name === name)!;
}

/** The route a role's area starts at. */
export function homeRouteOf(role: Role): DashboardRoute {
  return routeNamed(`${role}.home`);
}

export function mayOpen(route: DashboardRoute, roles: readonly Role[]): boolean {
  return route.roles === "signed-in" || route.roles.some((role) => roles.includes(role));
}

/** The route a path (without language prefix) opens, with its parameters. */
export function matchRoute(path: string): { route: DashboardRoute; params: Record<string, string> } | undefined {
  const match = matchPath(path);
  return match && { route: routeNamed(match.name), params: match.params };
}

/** A role's sidebar: its routes that have a nav entry, by group then order. */
export function sidebarOf(role: Role): DashboardRoute[] {
  return ROUTES.filter((route) => route.nav && route.roles !== "signed-in" && route.roles.includes(role)).sort(
    (a, b) => NAV_GROUPS.indexOf(a.nav!.group) - NAV_GROUPS.indexOf(b.nav!.group) || a.nav!.order - b.nav!.order,
  );
}
