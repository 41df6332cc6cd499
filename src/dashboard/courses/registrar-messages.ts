import { defineMessages } from "../i18n.ts";

export const registrarMessages = defineMessages({
  fr: {
    // the course list
    count: { one: "{n} cours", other: "{n} cours" },
    viewsLabel: "Cours et unités d'enseignement",
    coursesTab: "Cours",
    planning: "Planifier les séances",
    // UEs
    unitsTitle: "Unités d'enseignement",
    unitsIntro:
      "Choisissez un semestre, une filière et un niveau : créez ses UE, fixez leurs crédits et regroupez-y les cours (EC). Chaque changement est inscrit au journal d'audit.",
    semester: "Semestre",
    programme: "Filière",
    level: "Niveau",
    pickScope: "Choisissez le semestre, la filière et le niveau.",
    frozen:
      "Une session de ce semestre est close : ses UE, leurs crédits et leurs cours sont figés. Seule une réouverture de la session permet de les changer.",
    noUnits: "Aucune UE pour ce semestre, cette filière et ce niveau.",
    unitCredits: { one: "{n} crédit", other: "{n} crédits" },
    totalCredits: { one: "Total : {n} crédit", other: "Total : {n} crédits" },
    noCourseInUnit: "Aucun cours dans cette UE.",
    removeFromUnit: "Sortir de l'UE",
    addCourse: "Ajouter un cours à l'UE",
    chooseCourse: "Choisir un cours",
    add: "Ajouter",
    loose: "Cours hors UE",
    noLoose: "Tous les cours de ce niveau sont dans une UE.",
    newUnit: "Créer une UE",
    code: "Code (ex. UE-INF-L2-11)",
    titleFr: "Intitulé en français",
    titleEn: "Intitulé en anglais",
    credits: "Crédits (1 à 6)",
    create: "Créer l'UE",
    created: "UE créée.",
    edit: "Modifier",
    editTitle: "Modifier l'UE {code}",
    save: "Enregistrer",
    saved: "UE enregistrée.",
    deleteUnit: "Supprimer l'UE",
    deleteTitle: "Supprimer l'UE {code} ?",
    deleteBody:
      "Elle ne regroupe aucun cours. La suppression est inscrite au journal d'audit.",
    cancel: "Annuler",
    badCode: "De 2 à 20 lettres capitales, chiffres ou tirets.",
    badTitle: "De 1 à 200 caractères.",
    badCredits: "Une UE porte de 1 à 6 crédits (nombre entier).",
    // one student, one course
    studentsTitle: "Étudiants inscrits",
    activeCount: { one: "{n} actif", other: "{n} actifs" },
    noStudents: "Aucun étudiant inscrit.",
    enrolment: {
      pending: "En attente",
      active: "Actif",
      completed: "Terminé",
      dropped: "Retiré",
    },
    droppedOn: "retiré le {date}",
    enrol: "Inscrire un étudiant",
    enrolAgain: "Réinscrire",
    enrolTitle: "Inscrire un étudiant à {course}",
    searchStudent: "Nom ou matricule",
    searchButton: "Chercher",
    searchHint: "Au moins 2 caractères.",
    searching: "Recherche…",
    noStudentFound: "Aucun étudiant ne correspond.",
    chosen: "Étudiant choisi : {name}",
    choose: "Choisir",
    reason: "Motif (5 à 500 caractères, inscrit au journal d'audit)",
    badReason: "Donnez un motif de 5 à 500 caractères.",
    pickStudent: "Choisissez d'abord un étudiant.",
    enrolConfirm: "Inscrire",
    enrolled: "Inscription de {name} à ce cours enregistrée.",
    withdraw: "Retirer",
    withdrawTitle: "Retirer {name} de {course} ?",
    withdrawBody:
      "Son nom sort de la liste de classe et ce cours de ses cours ; l'inscription reste dans l'historique avec le motif.",
    withdrawConfirm: "Retirer du cours",
    withdrawn: "Retrait de {name} de ce cours enregistré.",
    // refusals in plain words
    refused: {
      frozen:
        "Une session de ce semestre est close : ce changement est refusé. Seule une réouverture de la session le permet.",
      duplicateUnit: "Une UE porte déjà ce code.",
      alreadyEnrolled: "Cette personne a déjà une inscription active à ce cours.",
      unitNotEmpty: "Cette UE regroupe encore des cours : sortez-les d'abord.",
      forbidden:
        "Seuls les administrateurs (avec la vérification en deux étapes si elle est exigée) font ce changement.",
      invalid:
        "La demande est refusée : vérifiez les champs (UE du même semestre, filière et niveau que le cours ; compte ayant le rôle étudiant ; inscription active pour un retrait).",
      other: "Le changement n'a pas pu être enregistré. Réessayez.",
    },
  },
  en: {
    count: { one: "{n} course", other: "{n} courses" },
    viewsLabel: "Courses and teaching units",
    coursesTab: "Courses",
    planning: "Plan the sessions",
    unitsTitle: "Teaching units (UEs)",
    unitsIntro:
      "Choose a semester, a programme and a level: create its UEs, set their credits and group the courses (ECs) into them. Every change is recorded in the audit log.",
    semester: "Semester",
    programme: "Programme",
    level: "Level",
    pickScope: "Choose the semester, the programme and the level.",
    frozen:
      "A session of this semester is closed: its UEs, their credits and their courses are frozen. Only reopening the session allows a change.",
    noUnits: "No UE for this semester, programme and level.",
    unitCredits: { one: "{n} credit", other: "{n} credits" },
    totalCredits: { one: "Total: {n} credit", other: "Total: {n} credits" },
    noCourseInUnit: "No course in this UE.",
    removeFromUnit: "Take out of the UE",
    addCourse: "Add a course to the UE",
    chooseCourse: "Choose a course",
    add: "Add",
    loose: "Courses outside any UE",
    noLoose: "Every course of this level is in a UE.",
    newUnit: "Create a UE",
    code: "Code (e.g. UE-INF-L2-11)",
    titleFr: "Title in French",
    titleEn: "Title in English",
    credits: "Credits (1 to 6)",
    create: "Create the UE",
    created: "UE created.",
    edit: "Edit",
    editTitle: "Edit the UE {code}",
    save: "Save",
    saved: "UE saved.",
    deleteUnit: "Delete the UE",
    deleteTitle: "Delete the UE {code}?",
    deleteBody:
      "It groups no course. The deletion is recorded in the audit log.",
    cancel: "Cancel",
    badCode: "2 to 20 capital letters, digits or hyphens.",
    badTitle: "1 to 200 characters.",
    badCredits: "A UE carries 1 to 6 credits (a whole number).",
    studentsTitle: "Enrolled students",
    activeCount: { one: "{n} active", other: "{n} active" },
    noStudents: "No student enrolled.",
    enrolment: {
      pending: "Pending",
      active: "Active",
      completed: "Completed",
      dropped: "Withdrawn",
    },
    droppedOn: "withdrawn on {date}",
    enrol: "Enrol a student",
    enrolAgain: "Re-enrol",
    enrolTitle: "Enrol a student in {course}",
    searchStudent: "Name or student number",
    searchButton: "Search",
    searchHint: "At least 2 characters.",
    searching: "Searching…",
    noStudentFound: "No student matches.",
    chosen: "Chosen student: {name}",
    choose: "Choose",
    reason: "Reason (5 to 500 characters, recorded in the audit log)",
    badReason: "Give a reason of 5 to 500 characters.",
    pickStudent: "Choose a student first.",
    enrolConfirm: "Enrol",
    enrolled: "{name} is enrolled in this course.",
    withdraw: "Withdraw",
    withdrawTitle: "Withdraw {name} from {course}?",
    withdrawBody:
      "The student leaves the class list and their courses; the enrolment stays in the history with the reason.",
    withdrawConfirm: "Withdraw from the course",
    withdrawn: "{name} is withdrawn from this course.",
    refused: {
      frozen:
        "A session of this semester is closed: this change is refused. Only reopening the session allows it.",
      duplicateUnit: "A UE already has this code.",
      alreadyEnrolled: "This student is already enrolled in this course.",
      unitNotEmpty: "This UE still groups courses: take them out first.",
      forbidden:
        "Only administrators (with two-step verification when it is required) make this change.",
      invalid:
        "The request is refused: check the fields (a UE of the course's semester, programme and level; a person with the student role; an active enrolment to withdraw).",
      other: "The change could not be saved. Try again.",
    },
  },
});

type Refusals = (typeof registrarMessages)["fr"]["refused"];

/** A refusal of the registrar's functions, in plain words (the database's code decides). */
export function refusal(
  r: Refusals,
  failure: unknown,
  duplicate: "duplicateUnit" | "alreadyEnrolled" = "duplicateUnit",
): string {
  switch ((failure as { code?: string }).code) {
    case "PT409":
      return r.frozen;
    case "23505":
      return r[duplicate];
    case "23503":
      return r.unitNotEmpty;
    case "42501":
      return r.forbidden;
    case "22023":
    case "P0002":
      return r.invalid;
    default:
      return r.other;
  }
}
