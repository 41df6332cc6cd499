// The outbox's words: the state of a write kept on the device, in both languages.
import { defineMessages } from "../../i18n.ts";

export const outboxMessages = defineMessages({
  fr: {
    waiting: "En attente d'envoi",
    sending: "Envoi en cours…",
    refused: "Non envoyé",
    queuedAt: "Mis en attente le {date}",
    offline: "Hors ligne.",
    willBeSent: "Ce sera envoyé au retour du réseau.",
    serverSaid: "Réponse du serveur : {message}",
    retry: "Réessayer l'envoi",
    discard: "Abandonner",
    confirmDiscard: "Confirmer : supprimer de cet appareil",
    keep: "Garder",
    cancel: "Annuler l'envoi",
    confirmCancel: "Confirmer : ne pas l'envoyer",
    notKept: "Impossible de garder ce travail sur cet appareil (stockage indisponible ou plein) : il n'est pas envoyé. Gardez cette page ouverte et réessayez une fois en ligne.",
  },
  en: {
    waiting: "Waiting to be sent",
    sending: "Sending…",
    refused: "Not sent",
    queuedAt: "Queued on {date}",
    offline: "Offline.",
    willBeSent: "It will be sent when the network returns.",
    serverSaid: "The server said: {message}",
    retry: "Try sending again",
    discard: "Discard",
    confirmDiscard: "Confirm: remove it from this device",
    keep: "Keep it",
    cancel: "Cancel sending",
    confirmCancel: "Confirm: do not send it",
    notKept: "This work could not be kept on this device (storage unavailable or full): it has not been sent. Keep this page open and try again once online.",
  },
});
