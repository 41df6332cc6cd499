// Strings of the certificates of enrolment on student/documents (fr/en).
import { defineMessages } from "../i18n.ts";

export const certificateMessages = defineMessages({
  fr: {
    title: "Attestations d'inscription",
    none: "Aucune inscription pour l'instant.",
    registered: "Inscrit le {date}",
    download: "Télécharger l'attestation",
    inactive: "Inscription non active",
    done: "Attestation téléchargée. Son code QR mène à la page publique de vérification.",
  },
  en: {
    title: "Certificates of enrolment",
    none: "No registration yet.",
    registered: "Registered on {date}",
    download: "Download the certificate",
    inactive: "Registration not active",
    done: "Certificate downloaded. Its QR code leads to the public verification page.",
  },
});
