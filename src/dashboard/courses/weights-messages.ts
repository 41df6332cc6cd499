import { defineMessages } from "../i18n.ts";

export const weightsMessages = defineMessages({
  fr: {
    title: "Pondération de la note",
    description: "Note du cours = contrôle continu × CC % + examen × (100 − CC) %. Par défaut, celle de l'établissement ; de 20 à 40 % pour le CC.",
    cc: "Contrôle continu (%)",
    exam: "Examen : {exam} %",
    save: "Enregistrer la pondération",
    saved: "Pondération enregistrée.",
    invalid: "Le contrôle continu pèse de 20 à 40 % (nombre entier).",
    frozen: "Une session de ce semestre est close : la pondération est figée (CC {cc} %, examen {exam} %). Seule une réouverture de la session permet de la changer.",
  },
  en: {
    title: "Mark weighting",
    description: "Course mark = continuous assessment × CC % + exam × (100 − CC) %. The institution's by default; CC from 20 to 40 %.",
    cc: "Continuous assessment (%)",
    exam: "Exam: {exam} %",
    save: "Save the weighting",
    saved: "Weighting saved.",
    invalid: "Continuous assessment weighs 20 to 40 % (a whole number).",
    frozen: "A session of this semester is closed: the weighting is frozen (CC {cc} %, exam {exam} %). Only reopening the session allows a change.",
  },
});
