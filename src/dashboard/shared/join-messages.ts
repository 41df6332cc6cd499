// The join button's words (JoinButton.tsx).
import { defineMessages } from "../i18n.ts";

export const joinMessages = defineMessages({
  fr: {
    join: "Rejoindre",
    joinedAt: "Présence enregistrée à {time}.",
    opensAt: "Ouvre à {time}",
    over: "Terminée",
    recording: "Voir l'enregistrement",
    noLink: "Lien pas encore communiqué",
  },
  en: {
    join: "Join",
    joinedAt: "Attendance recorded at {time}.",
    opensAt: "Opens at {time}",
    over: "Over",
    recording: "Watch the recording",
    noLink: "Link not given yet",
  },
});
