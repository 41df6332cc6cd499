// Each route's title (document title, h1, breadcrumb label), by the route names of
// paths.ts; the type check wants one title per route. A leaf like paths.ts.
import type { RouteName } from "./paths.ts";

export interface Bilingual {
  fr: string;
  en: string;
}

export const TITLES: { [N in RouteName]: Bilingual } = {
  // ---- shell
  selector: { fr: "Tableau de bord", en: "Dashboard" },
  // ---- homes
  "student.home": { fr: "Espace étudiant", en: "Student area" },
  "teacher.home": { fr: "Espace enseignant", en: "Teacher area" },
  "admin.home": { fr: "Administration", en: "Administration" },
  // ---- profile and notifications (every role)
  profile: { fr: "Mon profil", en: "My profile" },
  "student.profile": { fr: "Mon profil", en: "My profile" },
  "teacher.profile": { fr: "Mon profil", en: "My profile" },
  "admin.profile": { fr: "Mon profil", en: "My profile" },
  "student.notifications": { fr: "Notifications", en: "Notifications" },
  "teacher.notifications": { fr: "Notifications", en: "Notifications" },
  "admin.notifications": { fr: "Notifications", en: "Notifications" },
  "teacher.settings": { fr: "Paramètres", en: "Settings" },
  // ---- messages and community
  "student.messages": { fr: "Messages", en: "Messages" },
  "teacher.messages": { fr: "Messages", en: "Messages" },
  "admin.messages": { fr: "Messages", en: "Messages" },
  "student.community": { fr: "Communauté", en: "Community" },
  // ---- finance (issue 14)
  "student.payments": { fr: "Mes paiements", en: "My payments" },
  "admin.finance": { fr: "Finances", en: "Finance" },
  "admin.financial-management": { fr: "Gestion financière", en: "Financial management" },
  // ---- people
  "admin.users": { fr: "Gestion des utilisateurs", en: "User management" },
  "admin.teachers": { fr: "Enseignants", en: "Teachers" },
  "admin.students": { fr: "Étudiants", en: "Students" },
  "teacher.students": { fr: "Mes étudiants", en: "My students" },
  // ---- admissions (issue 13)
  applications: { fr: "Mes candidatures", en: "My applications" },
  "admin.student-applications": { fr: "Candidatures", en: "Applications" },
  "admin.student-application": { fr: "Dossier de candidature", en: "Application file" },
  "admin.international-applications": { fr: "Candidatures internationales", en: "International applications" },
  "admin.international-application": { fr: "Dossier de candidature", en: "Application file" },
  "admin.student-enrollments": { fr: "Inscriptions des admis", en: "Registering admitted applicants" },
  // ---- administration
  "admin.content": { fr: "Catalogue", en: "Catalogue" },
  "admin.settings": { fr: "Paramètres", en: "Settings" },
  "admin.technical": { fr: "État technique", en: "Technical health" },
  // ---- courses, timetable and virtual classes (issue 11)
  "student.courses": { fr: "Mes cours", en: "My courses" },
  "student.course": { fr: "Cours", en: "Course" },
  "student.schedule": { fr: "Mon emploi du temps", en: "My timetable" },
  "teacher.courses": { fr: "Mes cours", en: "My courses" },
  "teacher.schedule": { fr: "Emploi du temps", en: "Timetable" },
  "teacher.calendar": { fr: "Calendrier", en: "Calendar" },
  "teacher.classes": { fr: "Mes classes", en: "My classes" },
  "teacher.classes.schedule": { fr: "Planifier des séances", en: "Plan sessions" },
  // ---- assessment and results (issue 12)
  "teacher.grades": { fr: "Carnet de notes", en: "Gradebook" },
  "teacher.evaluations": { fr: "Évaluations", en: "Evaluations" },
  "teacher.evaluations.new": { fr: "Nouvelle évaluation", en: "New evaluation" },
  "teacher.evaluations.quiz": { fr: "Quiz", en: "Quiz" },
  "student.quizzes": { fr: "Mes quiz", en: "My quizzes" },
  "student.quizzes.take": { fr: "Quiz", en: "Quiz" },
  "student.grades": { fr: "Mes notes", en: "My marks" },
  "admin.deliberations": { fr: "Délibérations", en: "Deliberations" },
  // ---- assignments and reports (issue 12 §2, §7)
  "teacher.assignments": { fr: "Devoirs", en: "Assignments" },
  "teacher.assignment": { fr: "Copies d'un devoir", en: "Assignment submissions" },
  "student.assignments": { fr: "Mes devoirs", en: "My assignments" },
  "teacher.reports": { fr: "Rapports", en: "Reports" },
  "admin.reports": { fr: "Rapports", en: "Reports" },
  "virtual-class": { fr: "Classes virtuelles", en: "Virtual classes" },
  "admin.unified-course-management": { fr: "Gestion unifiée des cours", en: "Unified course management" },
  "admin.schedule": { fr: "Emploi du temps général", en: "Global timetable" },
  "admin.course-management": { fr: "Gestion d'un cours", en: "Course management" },
  "admin.course-management.course": { fr: "Gestion d'un cours", en: "Course management" },
  "admin.create-course": { fr: "Créer un cours", en: "Create a course" },
  "admin.create-course.iou": { fr: "Créer un cours de l'Université ouverte", en: "Create an Open University course" },
  "admin.create-course.extension": { fr: "Créer un cours de l'École d'extension", en: "Create an Extension School course" },
  "admin.create-course.professional": { fr: "Créer un module de l'École professionnelle", en: "Create a Professional School module" },
  // ---- courses and timetable, continued (issue 11)
  "admin.advanced-programming": { fr: "Programmation avancée", en: "Advanced scheduling" },
  "admin.iou-scheduled-courses": { fr: "Cours programmés de l'Université ouverte", en: "Open University scheduled courses" },
  "teacher.courses.new": { fr: "Proposer un cours", en: "Propose a course" },
  "admin.professional-school": { fr: "École professionnelle", en: "Professional School" },
  "teacher.course": { fr: "Mon cours", en: "My course" },
  "student.documents": { fr: "Mes documents", en: "My documents" },
  "admin.extension-school": { fr: "École d'extension", en: "Extension School" },
  // ---- partner courses: Harvard Online (issue 11)
  "admin.harvard-online": { fr: "Cours Harvard Online", en: "Harvard Online courses" },
  "admin.harvard-online.requests": { fr: "Demandes Harvard Online", en: "Harvard Online requests" },
  semester: { fr: "Semestre", en: "Semester" },
  "admin.zoom": { fr: "Visioconférence (Zoom)", en: "Video meetings (Zoom)" },
};
