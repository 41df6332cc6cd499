// A notification as the reader reads it: its words in the page's language (the template
// its key names, else the stored words: lib/notifications/texts.ts), and its button. An
// internal link opens the page in the page's language; a stored row without a template
// names its button after the page it opens (the route's title), so an English reader of
// a row the database wrote in French still gets an English button.
import { localizedPath, unlocalizedPath } from "../../lib/locales.ts";
import { notificationText } from "../../lib/notifications/texts.ts";
import { useLocale, useT } from "../i18n.ts";
import { matchPath } from "../paths.ts";
import { TITLES } from "../titles.ts";
import type { StudentNotification } from "./data.ts";

export interface ShownNotification {
  title: string;
  message: string;
  /** The button, when the notification leads somewhere. */
  action: { href: string; label: string; external: boolean } | null;
}

export function useNotificationWords(): (n: StudentNotification) => ShownNotification {
  const locale = useLocale();
  const t = useT();
  return (n) => {
    const words = notificationText(n, locale, t);
    if (!n.action_url) return { title: words.title, message: words.message, action: null };
    const internal = n.action_url.startsWith("/") && !n.action_url.startsWith("//");
    if (!internal) return { title: words.title, message: words.message, action: words.action ? { href: n.action_url, label: words.action, external: true } : null };
    const href = localizedPath(locale, n.action_url);
    const page = matchPath(unlocalizedPath(n.action_url).split(/[?#]/)[0]);
    const label = (n.text_key ? words.action : null) ?? (page && TITLES[page.name][locale]) ?? words.action;
    return { title: words.title, message: words.message, action: label ? { href, label, external: false } : null };
  };
}
