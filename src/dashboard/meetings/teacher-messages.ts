import { defineMessages } from "../i18n.ts";

export const teacherZoomMessages = defineMessages({
  fr: {
    create: "Créer la réunion Zoom",
    import: "Importer la présence Zoom",
    created: "Réunion {id} créée",
    simulated: "(simulée : aucun identifiant Zoom)",
    imported: "{matched}, {unmatched}, {absent}",
    importedParts: {
      matched: { one: "{n} reconnu", other: "{n} reconnus" },
      unmatched: { one: "{n} non reconnu", other: "{n} non reconnus" },
      absent: { one: "{n} absent", other: "{n} absents" },
    },
    refused: {
      not_course_teacher: "Seuls l'enseignant du cours et les administrateurs peuvent le faire.",
      meeting_exists: "Ce cours a déjà une réunion.",
      no_meeting: "Cette séance n'a pas de réunion Zoom.",
      session_not_started: "Cette séance n'a pas encore eu lieu.",
      zoom_error: "Zoom a refusé la demande : prévenez un administrateur.",
    },
  },
  en: {
    create: "Create the Zoom meeting",
    import: "Import Zoom attendance",
    created: "Meeting {id} created",
    simulated: "(simulated: no Zoom credentials)",
    imported: "{matched}, {unmatched}, {absent}",
    importedParts: {
      matched: { one: "{n} recognised", other: "{n} recognised" },
      unmatched: { one: "{n} not recognised", other: "{n} not recognised" },
      absent: { one: "{n} absent", other: "{n} absent" },
    },
    refused: {
      not_course_teacher: "Only the course's teacher and administrators may do this.",
      meeting_exists: "This course already has a meeting.",
      no_meeting: "This session has no Zoom meeting.",
      session_not_started: "This session has not taken place yet.",
      zoom_error: "Zoom refused the request: tell an administrator.",
    },
  },
});
