import { defineMessages } from "../i18n.ts";

export const feeReceiptMessages = defineMessages({
  fr: {
    title: "Reçu des frais de candidature",
    download: "Télécharger le reçu {number}",
    cancellation: "annulation",
    none: "Le reçu sera disponible ici dès que le paiement sera confirmé.",
  },
  en: {
    title: "Application fee receipt",
    download: "Download receipt {number}",
    cancellation: "cancellation",
    none: "The receipt will be here as soon as the payment is confirmed.",
  },
});
