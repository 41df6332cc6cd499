// The signed-in application, client-side only. The guard decides what a visitor sees
// (checking, authentication error, login required, second factor); App draws the shell
// and the page of the path.
import type { Locale } from "../lib/locales.ts";
import type { Messages } from "../lib/translate.ts";
import Toaster from "../islands/Toaster.tsx";
import AuthGuard from "./guard/AuthGuard.tsx";
import ErrorBoundary from "./guard/ErrorBoundary.tsx";
import App from "./App.tsx";
import { provideStrings, translate } from "./i18n.ts";

/** `messages`: the shared strings the app uses, in the page's language only. */
export default function Dashboard({ locale, messages }: { locale: Locale; messages: Messages }) {
  provideStrings(messages, locale);
  return (
    <ErrorBoundary locale={locale}>
      <Toaster closeLabel={translate("errors.toastClose")} />
      <AuthGuard locale={locale}>{(session) => <App locale={locale} session={session} />}</AuthGuard>
    </ErrorBoundary>
  );
}
