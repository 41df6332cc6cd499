// Words of the offline banner (issue 24), in both languages: apart from the other offline
// words, since every page loads the banner with the shell.
import { defineMessages } from "../../i18n.ts";

export const bannerMessages = defineMessages({
  fr: {
    offline: "Vous êtes hors ligne : cette page montre ce qui est enregistré sur cet appareil.",
    unreachable: "Le réseau ne répond pas : cette page montre ce qui est enregistré sur cet appareil.",
    dataOf: "Données du {date} à {time}.",
  },
  en: {
    offline: "You are offline: this page shows what is saved on this device.",
    unreachable: "The network is not answering: this page shows what is saved on this device.",
    dataOf: "Data from {date} at {time}.",
  },
});
