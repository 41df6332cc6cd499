// The data saver's words: its setting (profile) and the image shown on demand.
import { defineMessages } from "../i18n.ts";

export const dataSaverMessages = defineMessages({
  fr: {
    title: "Économiseur de données",
    intro: "Pour une connexion lente ou un forfait limité. Ce réglage vaut pour cet appareil.",
    label: "Économiser les données",
    description: "Pas de mises à jour en direct (les pages se rafraîchissent quand vous y revenez) ; les images ne se chargent que si vous les demandez.",
    showImage: "Afficher l'image",
  },
  en: {
    title: "Data saver",
    intro: "For a slow connection or a limited data plan. This setting applies to this device.",
    label: "Save data",
    description: "No live updates (pages refresh when you come back to them); images load only when you ask for them.",
    showImage: "Show the image",
  },
});
