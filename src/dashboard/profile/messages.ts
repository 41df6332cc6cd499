import { defineMessages } from "../i18n.ts";

export const profileMessages = defineMessages({
  fr: { title: "Mon profil" },
  en: { title: "My profile" },
});
