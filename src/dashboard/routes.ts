// The one route table of the signed-in application (DESIGN §6). The router, the sidebar,
// the role guard, breadcrumbs, document titles, the server's not-found answer and the
// tests all read it: a page is added here and nowhere else.
// Paths are written without the language prefix; /en/... is derived. Pages load lazily,
// each in its own chunk. Importing this file loads no page.
import type { ComponentType } from "react";

export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface Bilingual {
  fr: string;
  en: string;
}

/** Sidebar sections, in the order they appear. */
export const NAV_GROUPS = ["main", "learning", "teaching", "community", "people", "administration", "account"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface PageProps {
  /** The path's parameters (`:id` segments). */
  params: Record<string, string>;
}

export interface DashboardRoute {
  /** Unique name, "<role>.<page>" by convention. */
  name: string;
  /** Path without the language prefix, with `:param` segments. */
  path: string;
  /** Who may open it; "signed-in": anyone signed in, with or without a role. */
  roles: readonly Role[] | "signed-in";
  page: () => Promise<{ default: ComponentType<PageProps> }>;
  /** Document title, h1 and breadcrumb label. */
  title: Bilingual;
  /** Listed in the sidebar of these roles' areas. */
  nav?: { group: NavGroup; order: number; label?: Bilingual };
  /** Breadcrumb parent (a route name); a role's home by default. */
  parent?: string;
}

const student = ["student"] as const;
const teacher = ["teacher"] as const;
const admin = ["admin"] as const;

export const ROUTES: readonly DashboardRoute[] = [
  // ---- shell ---------------------------------------------------------------------------
  {
    name: "selector",
    path: "/dashboard",
    roles: "signed-in",
    page: () => import("./shell/RoleSelectorPage.tsx"),
    title: { fr: "Tableau de bord", en: "Dashboard" },
  },

  // ---- homes ---------------------------------------------------------------------------
  {
    name: "student.home",
    path: "/dashboard/student",
    roles: student,
    page: () => import("./home/StudentHomePage.tsx"),
    title: { fr: "Espace étudiant", en: "Student area" },
    nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } },
  },
  {
    name: "teacher.home",
    path: "/dashboard/teacher",
    roles: teacher,
    page: () => import("./home/TeacherHomePage.tsx"),
    title: { fr: "Espace enseignant", en: "Teacher area" },
    nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } },
  },
  {
    name: "admin.home",
    path: "/dashboard/admin",
    roles: admin,
    page: () => import("./home/AdminHomePage.tsx"),
    title: { fr: "Administration", en: "Administration" },
    nav: { group: "main", order: 1, label: { fr: "Tableau de bord", en: "Dashboard" } },
  },

  // ---- profile and notifications (every role) -------------------------------------------
  {
    name: "profile",
    path: "/dashboard/profile",
    roles: "signed-in",
    page: () => import("./profile/ProfilePage.tsx"),
    title: { fr: "Mon profil", en: "My profile" },
  },
  ...everyRole("profile", {
    page: () => import("./profile/ProfilePage.tsx"),
    title: { fr: "Mon profil", en: "My profile" },
    nav: { group: "account", order: 1 },
  }),
  ...everyRole("notifications", {
    page: () => import("./notifications/NotificationsPage.tsx"),
    title: { fr: "Notifications", en: "Notifications" },
    nav: { group: "account", order: 2 },
  }),
  {
    name: "teacher.settings",
    path: "/dashboard/teacher/settings",
    roles: teacher,
    page: () => import("./profile/TeacherSettingsPage.tsx"),
    title: { fr: "Paramètres", en: "Settings" },
    nav: { group: "account", order: 3 },
  },
  // ---- messages and community ----------------------------------------------------------
  ...everyRole("messages", {
    page: () => import("./messages/MessagesPage.tsx"),
    title: { fr: "Messages", en: "Messages" },
    nav: { group: "community", order: 1 },
  }),
  {
    name: "student.community",
    path: "/dashboard/student/community",
    roles: student,
    page: () => import("./community/CommunityPage.tsx"),
    title: { fr: "Communauté", en: "Community" },
    nav: { group: "community", order: 2 },
  },
  // ---- finance (issue 14) ----------------------------------------------------------------
  {
    name: "student.payments",
    path: "/dashboard/student/payments",
    roles: student,
    page: () => import("./finance/StudentPaymentsPage.tsx"),
    title: { fr: "Mes paiements", en: "My payments" },
    nav: { group: "main", order: 5 },
  },
  {
    name: "admin.finance",
    path: "/dashboard/admin/finance",
    roles: admin,
    page: () => import("./finance/AdminFinancePage.tsx"),
    title: { fr: "Finances", en: "Finance" },
    nav: { group: "administration", order: 5 },
  },
  {
    name: "admin.financial-management",
    path: "/dashboard/admin/financial-management",
    roles: admin,
    page: () => import("./finance/AdminFinancialManagementPage.tsx"),
    title: { fr: "Gestion financière", en: "Financial management" },
    nav: { group: "administration", order: 6 },
  },
  // ---- people --------------------------------------------------------------------------
  {
    name: "admin.users",
    path: "/dashboard/admin/users",
    roles: admin,
    page: () => import("./people/AdminUsersPage.tsx"),
    title: { fr: "Gestion des utilisateurs", en: "User management" },
    nav: { group: "people", order: 1 },
  },
  {
    name: "admin.teachers",
    path: "/dashboard/admin/teachers",
    roles: admin,
    page: () => import("./people/AdminTeachersPage.tsx"),
    title: { fr: "Enseignants", en: "Teachers" },
    nav: { group: "people", order: 2 },
  },
  {
    name: "admin.students",
    path: "/dashboard/admin/students",
    roles: admin,
    page: () => import("./people/AdminStudentsPage.tsx"),
    title: { fr: "Étudiants", en: "Students" },
    nav: { group: "people", order: 3 },
  },
  {
    name: "teacher.students",
    path: "/dashboard/teacher/students",
    roles: teacher,
    page: () => import("./people/TeacherStudentsPage.tsx"),
    title: { fr: "Mes étudiants", en: "My students" },
    nav: { group: "teaching", order: 3 },
  },
  // ---- admissions (issue 13) -------------------------------------------------------------
  {
    name: "applications",
    path: "/dashboard/applications",
    roles: "signed-in",
    page: () => import("./admissions/ApplicantApplicationsPage.tsx"),
    title: { fr: "Mes candidatures", en: "My applications" },
  },
  {
    name: "admin.student-applications",
    path: "/dashboard/admin/student-applications",
    roles: admin,
    page: () => import("./admissions/AdminStudentApplicationsPage.tsx"),
    title: { fr: "Candidatures", en: "Applications" },
    nav: { group: "people", order: 10 },
  },
  {
    name: "admin.student-application",
    path: "/dashboard/admin/student-applications/:id",
    roles: admin,
    page: () => import("./admissions/AdminApplicationPage.tsx"),
    title: { fr: "Dossier de candidature", en: "Application file" },
    parent: "admin.student-applications",
  },
  {
    name: "admin.international-applications",
    path: "/dashboard/admin/international-applications",
    roles: admin,
    page: () => import("./admissions/AdminInternationalApplicationsPage.tsx"),
    title: { fr: "Candidatures internationales", en: "International applications" },
    nav: { group: "people", order: 11 },
  },
  {
    name: "admin.international-application",
    path: "/dashboard/admin/international-applications/:id",
    roles: admin,
    page: () => import("./admissions/AdminApplicationPage.tsx"),
    title: { fr: "Dossier de candidature", en: "Application file" },
    parent: "admin.international-applications",
  },
  {
    name: "admin.student-enrollments",
    path: "/dashboard/admin/student-enrollments",
    roles: admin,
    page: () => import("./admissions/AdminEnrollmentsPage.tsx"),
    title: { fr: "Inscriptions des admis", en: "Registering admitted applicants" },
    nav: { group: "people", order: 12 },
  },
  // ---- administration ------------------------------------------------------------------
  {
    name: "admin.content",
    path: "/dashboard/admin/content",
    roles: admin,
    page: () => import("./catalogue/AdminContentPage.tsx"),
    title: { fr: "Catalogue", en: "Catalogue" },
    nav: { group: "administration", order: 70 },
  },
  {
    name: "admin.settings",
    path: "/dashboard/admin/settings",
    roles: admin,
    page: () => import("./institution/AdminSettingsPage.tsx"),
    title: { fr: "Paramètres", en: "Settings" },
    nav: { group: "administration", order: 80 },
  },
  {
    name: "admin.technical",
    path: "/dashboard/admin/technical",
    roles: admin,
    page: () => import("./institution/AdminTechnicalPage.tsx"),
    title: { fr: "État technique", en: "Technical health" },
    nav: { group: "administration", order: 90 },
  },
  // ---- courses, timetable and virtual classes (issue 11) ---------------------------------
  {
    name: "student.courses",
    path: "/dashboard/student/courses",
    roles: student,
    page: () => import("./courses/StudentCoursesPage.tsx"),
    title: { fr: "Mes cours", en: "My courses" },
    nav: { group: "learning", order: 1 },
  },
  {
    name: "student.course",
    path: "/dashboard/student/courses/:courseId",
    roles: student,
    page: () => import("./courses/StudentCoursePage.tsx"),
    title: { fr: "Cours", en: "Course" },
    parent: "student.courses",
  },
  {
    name: "student.schedule",
    path: "/dashboard/student/schedule",
    roles: student,
    page: () => import("./schedule/StudentSchedulePage.tsx"),
    title: { fr: "Mon emploi du temps", en: "My timetable" },
    nav: { group: "learning", order: 2 },
  },
  {
    name: "teacher.courses",
    path: "/dashboard/teacher/courses",
    roles: teacher,
    page: () => import("./courses/TeacherCoursesPage.tsx"),
    title: { fr: "Mes cours", en: "My courses" },
    nav: { group: "teaching", order: 1 },
  },
  {
    name: "teacher.schedule",
    path: "/dashboard/teacher/schedule",
    roles: teacher,
    page: () => import("./schedule/TeacherSchedulePage.tsx"),
    title: { fr: "Emploi du temps", en: "Timetable" },
    nav: { group: "teaching", order: 4 },
  },
  {
    name: "teacher.calendar",
    path: "/dashboard/teacher/calendar",
    roles: teacher,
    page: () => import("./schedule/TeacherCalendarPage.tsx"),
    title: { fr: "Calendrier", en: "Calendar" },
    nav: { group: "teaching", order: 5 },
  },
  {
    name: "teacher.classes",
    path: "/dashboard/teacher/classes",
    roles: teacher,
    page: () => import("./classes/TeacherClassesPage.tsx"),
    title: { fr: "Mes classes", en: "My classes" },
    nav: { group: "teaching", order: 2 },
  },
  {
    name: "teacher.classes.schedule",
    path: "/dashboard/teacher/classes/schedule",
    roles: teacher,
    page: () => import("./classes/TeacherClassSchedulePage.tsx"),
    title: { fr: "Planifier des séances", en: "Plan sessions" },
    nav: { group: "teaching", order: 6 },
    parent: "teacher.classes",
  },
  // ---- assessment and results (issue 12) --------------------------------------------------
  {
    name: "teacher.grades",
    path: "/dashboard/teacher/grades",
    roles: teacher,
    page: () => import("./assessment/GradebookPage.tsx"),
    title: { fr: "Carnet de notes", en: "Gradebook" },
    nav: { group: "teaching", order: 7 },
  },
  {
    name: "teacher.evaluations",
    path: "/dashboard/teacher/evaluations",
    roles: teacher,
    page: () => import("./quizzes/TeacherEvaluationsPage.tsx"),
    title: { fr: "Évaluations", en: "Evaluations" },
    nav: { group: "teaching", order: 8 },
  },
  {
    name: "teacher.evaluations.new",
    path: "/dashboard/teacher/evaluations/new",
    roles: teacher,
    page: () => import("./quizzes/NewEvaluationPage.tsx"),
    title: { fr: "Nouvelle évaluation", en: "New evaluation" },
    parent: "teacher.evaluations",
  },
  {
    name: "teacher.evaluations.quiz",
    path: "/dashboard/teacher/evaluations/:evaluationId",
    roles: teacher,
    page: () => import("./quizzes/QuizBuilderPage.tsx"),
    title: { fr: "Quiz", en: "Quiz" },
    parent: "teacher.evaluations",
  },
  {
    name: "student.quizzes",
    path: "/dashboard/student/quizzes",
    roles: student,
    page: () => import("./quizzes/StudentQuizzesPage.tsx"),
    title: { fr: "Mes quiz", en: "My quizzes" },
    nav: { group: "learning", order: 4 },
  },
  {
    name: "student.quizzes.take",
    path: "/dashboard/student/quizzes/:quizId",
    roles: student,
    page: () => import("./quizzes/TakeQuizPage.tsx"),
    title: { fr: "Quiz", en: "Quiz" },
    parent: "student.quizzes",
  },
  {
    name: "student.grades",
    path: "/dashboard/student/grades",
    roles: student,
    page: () => import("./results/StudentResultsPage.tsx"),
    title: { fr: "Mes notes", en: "My marks" },
    nav: { group: "learning", order: 3 },
  },
  {
    name: "admin.deliberations",
    path: "/dashboard/admin/deliberations",
    roles: admin,
    page: () => import("./results/AdminDeliberationsPage.tsx"),
    title: { fr: "Délibérations", en: "Deliberations" },
    nav: { group: "administration", order: 30 },
  },
  // ---- assignments and reports (issue 12 §2, §7) -------------------------------------------
  {
    name: "teacher.assignments",
    path: "/dashboard/teacher/assignments",
    roles: teacher,
    page: () => import("./assignments/TeacherAssignmentsPage.tsx"),
    title: { fr: "Devoirs", en: "Assignments" },
    nav: { group: "teaching", order: 8 },
  },
  {
    name: "teacher.assignment",
    path: "/dashboard/teacher/assignments/:id",
    roles: teacher,
    page: () => import("./assignments/TeacherAssignmentPage.tsx"),
    title: { fr: "Copies d'un devoir", en: "Assignment submissions" },
    parent: "teacher.assignments",
  },
  {
    name: "student.assignments",
    path: "/dashboard/student/assignments",
    roles: student,
    page: () => import("./assignments/StudentAssignmentsPage.tsx"),
    title: { fr: "Mes devoirs", en: "My assignments" },
    nav: { group: "learning", order: 4 },
  },
  {
    name: "teacher.reports",
    path: "/dashboard/teacher/reports",
    roles: teacher,
    page: () => import("./reports/TeacherReportsPage.tsx"),
    title: { fr: "Rapports", en: "Reports" },
    nav: { group: "teaching", order: 9 },
  },
  {
    name: "admin.reports",
    path: "/dashboard/admin/reports",
    roles: admin,
    page: () => import("./reports/AdminReportsPage.tsx"),
    title: { fr: "Rapports", en: "Reports" },
    nav: { group: "administration", order: 31 },
  },
  {
    name: "virtual-class",
    path: "/virtual-class/:semesterId",
    roles: ["student", "teacher"],
    page: () => import("./classes/VirtualClassPage.tsx"),
    title: { fr: "Classes virtuelles", en: "Virtual classes" },
  },
  {
    name: "admin.unified-course-management",
    path: "/dashboard/admin/unified-course-management",
    roles: admin,
    page: () => import("./courses/AdminUnifiedCoursesPage.tsx"),
    title: { fr: "Gestion unifiée des cours", en: "Unified course management" },
    nav: { group: "administration", order: 19 },
  },
  {
    name: "admin.schedule",
    path: "/dashboard/admin/schedule",
    roles: admin,
    page: () => import("./schedule/AdminSchedulePage.tsx"),
    title: { fr: "Emploi du temps général", en: "Global timetable" },
    nav: { group: "administration", order: 21 },
  },
  {
    name: "admin.course-management",
    path: "/dashboard/admin/course-management",
    roles: admin,
    page: () => import("./courses/AdminCourseManagementPage.tsx"),
    title: { fr: "Gestion d'un cours", en: "Course management" },
    nav: { group: "administration", order: 22 },
  },
  {
    name: "admin.course-management.course",
    path: "/dashboard/admin/course-management/:courseId",
    roles: admin,
    page: () => import("./courses/AdminCourseManagementPage.tsx"),
    title: { fr: "Gestion d'un cours", en: "Course management" },
    parent: "admin.course-management",
  },
  {
    name: "admin.create-course",
    path: "/dashboard/admin/create-course",
    roles: admin,
    page: () => import("./courses/CreateCourseAnyPage.tsx"),
    title: { fr: "Créer un cours", en: "Create a course" },
    nav: { group: "administration", order: 20 },
  },
  {
    name: "admin.create-course.iou",
    path: "/dashboard/admin/create-course/iou",
    roles: admin,
    page: () => import("./courses/CreateCourseIouPage.tsx"),
    title: { fr: "Créer un cours de l'Université ouverte", en: "Create an Open University course" },
    parent: "admin.create-course",
  },
  {
    name: "admin.create-course.extension",
    path: "/dashboard/admin/create-course/extension",
    roles: admin,
    page: () => import("./courses/CreateCourseExtensionPage.tsx"),
    title: { fr: "Créer un cours de l'École d'extension", en: "Create an Extension School course" },
    parent: "admin.create-course",
  },
  {
    name: "admin.create-course.professional",
    path: "/dashboard/admin/create-course/professional",
    roles: admin,
    page: () => import("./courses/CreateCourseProfessionalPage.tsx"),
    title: { fr: "Créer un module de l'École professionnelle", en: "Create a Professional School module" },
    parent: "admin.create-course",
  },
  // ---- courses and timetable, continued (issue 11) --------------------------------------
  {
    name: "admin.advanced-programming",
    path: "/dashboard/admin/advanced-programming",
    roles: admin,
    page: () => import("./classes/AdminAdvancedProgrammingPage.tsx"),
    title: { fr: "Programmation avancée", en: "Advanced scheduling" },
    nav: { group: "administration", order: 21.5 },
  },
  {
    name: "admin.iou-scheduled-courses",
    path: "/dashboard/admin/iou-scheduled-courses",
    roles: admin,
    page: () => import("./classes/AdminIouScheduledPage.tsx"),
    title: { fr: "Cours programmés de l'Université ouverte", en: "Open University scheduled courses" },
    nav: { group: "administration", order: 21.6 },
  },
  {
    name: "teacher.courses.new",
    path: "/dashboard/teacher/courses/new",
    roles: teacher,
    page: () => import("./courses/TeacherNewCoursePage.tsx"),
    title: { fr: "Proposer un cours", en: "Propose a course" },
    nav: { group: "teaching", order: 1.5 },
    parent: "teacher.courses",
  },
  {
    name: "admin.professional-school",
    path: "/dashboard/admin/professional-school",
    roles: admin,
    page: () => import("./professional/AdminProfessionalSchoolPage.tsx"),
    title: { fr: "École professionnelle", en: "Professional School" },
    nav: { group: "administration", order: 22.6 },
  },
  {
    name: "teacher.course",
    path: "/dashboard/teacher/courses/:courseId",
    roles: teacher,
    page: () => import("./courses/TeacherCoursePage.tsx"),
    title: { fr: "Mon cours", en: "My course" },
    parent: "teacher.courses",
  },
  {
    name: "student.documents",
    path: "/dashboard/student/documents",
    roles: student,
    page: () => import("./documents/StudentDocumentsPage.tsx"),
    title: { fr: "Mes documents", en: "My documents" },
    nav: { group: "learning", order: 4 },
  },
  {
    name: "admin.extension-school",
    path: "/dashboard/admin/extension-school",
    roles: admin,
    page: () => import("./courses/AdminExtensionSchoolPage.tsx"),
    title: { fr: "École d'extension", en: "Extension School" },
    nav: { group: "administration", order: 22.5 },
  },
  // ---- partner courses: Harvard Online (issue 11) ----------------------------------------
  {
    name: "admin.harvard-online",
    path: "/dashboard/admin/harvard-online",
    roles: admin,
    page: () => import("./partners/AdminPartnerCoursesPage.tsx"),
    title: { fr: "Cours Harvard Online", en: "Harvard Online courses" },
    nav: { group: "administration", order: 22.7 },
  },
  {
    name: "admin.harvard-online.requests",
    path: "/admin/harvard-online",
    roles: admin,
    page: () => import("./partners/AdminPartnerRequestsPage.tsx"),
    title: { fr: "Demandes Harvard Online", en: "Harvard Online requests" },
    nav: { group: "administration", order: 22.8 },
    parent: "admin.harvard-online",
  },
  {
    name: "semester",
    path: "/semestre/:semesterId",
    roles: ["student", "teacher"],
    page: () => import("./courses/SemesterPage.tsx"),
    title: { fr: "Semestre", en: "Semester" },
  },
  {
    name: "admin.zoom",
    path: "/admin/zoom",
    roles: admin,
    page: () => import("./meetings/AdminZoomPage.tsx"),
    title: { fr: "Visioconférence (Zoom)", en: "Video meetings (Zoom)" },
    nav: { group: "administration", order: 21.7, label: { fr: "Zoom et Teams", en: "Zoom and Teams" } },
  },
];

/** The same page in each role's area: /dashboard/<role>/<page>, named "<role>.<page>". */
function everyRole(page: string, route: Omit<DashboardRoute, "name" | "path" | "roles">): DashboardRoute[] {
  return ROLES.map((role) => ({ ...route, name: `${role}.${page}`, path: `/dashboard/${role}/${page}`, roles: [role] }));
}

/** The route a role's area starts at. */
export function homeRouteOf(role: Role): DashboardRoute {
  return ROUTES.find((route) => route.name === `${role}.home`)!;
}

export function mayOpen(route: DashboardRoute, roles: readonly Role[]): boolean {
  return route.roles === "signed-in" || route.roles.some((role) => roles.includes(role));
}

/** The role whose area a path belongs to (/dashboard/teacher/... → teacher), if any. */
export function roleOfPath(path: string): Role | undefined {
  const segment = path.split("/")[2];
  return ROLES.find((role) => role === segment);
}

function patternOf(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:(\w+)/g, "/([^/]+)");
  return new RegExp(`^${source}/?$`);
}

/** The route a path (without language prefix) opens, with its parameters. */
export function matchRoute(path: string): { route: DashboardRoute; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const match = patternOf(route.path).exec(path);
    if (!match) continue;
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    return { route, params };
  }
  return undefined;
}

/** A role's sidebar: its routes that have a nav entry, by group then order. */
export function sidebarOf(role: Role): DashboardRoute[] {
  return ROUTES.filter((route) => route.nav && route.roles !== "signed-in" && route.roles.includes(role)).sort(
    (a, b) => NAV_GROUPS.indexOf(a.nav!.group) - NAV_GROUPS.indexOf(b.nav!.group) || a.nav!.order - b.nav!.order,
  );
}
