// Words of the "keep offline" switches (issue 24), in both languages (the banner's, which
// every page loads with the shell, are in banner-messages.ts).
import { defineMessages } from "../../i18n.ts";

export const offlineMessages = defineMessages({
  fr: {
    keepCourse: "Disponible hors ligne",
    keepCourseHint: "Tous les documents de ce cours sont enregistrés sur cet appareil, et les nouveaux dès que vous ouvrez le cours en ligne.",
    keepFile: "Disponible hors ligne",
    keeping: "Enregistrement sur l'appareil…",
    courseSpace: { one: "{n} document sur cet appareil ({size})", other: "{n} documents sur cet appareil ({size})" },
    allSpace: { one: "Hors ligne : {n} document, {size}", other: "Hors ligne : {n} documents, {size}" },
    deviceSpace: "Ce site utilise {usage} de cet appareil (jusqu'à {quota} possibles).",
    needsNetwork: "Il faut une connexion pour enregistrer ce document sur l'appareil.",
    notKept: "Ce document n'est pas enregistré sur cet appareil : il faut une connexion pour l'ouvrir.",
  },
  en: {
    keepCourse: "Available offline",
    keepCourseHint: "Every document of this course is saved on this device, and new ones as soon as you open the course online.",
    keepFile: "Available offline",
    keeping: "Saving to the device…",
    courseSpace: { one: "{n} document on this device ({size})", other: "{n} documents on this device ({size})" },
    allSpace: { one: "Offline: {n} document, {size}", other: "Offline: {n} documents, {size}" },
    deviceSpace: "This site uses {usage} of this device (up to {quota} possible).",
    needsNetwork: "A connection is needed to save this document on the device.",
    notKept: "This document is not saved on this device: a connection is needed to open it.",
  },
});
