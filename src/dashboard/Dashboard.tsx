// The signed-in application, client-side only. The guard decides what a visitor sees
// (checking, authentication error, login required, second factor); App draws the shell
// and the page of the path.
import type { Locale } from "../lib/locales.ts";
import Toaster from "../islands/Toaster.tsx";
import AuthGuard from "./guard/AuthGuard.tsx";
import ErrorBoundary from "./guard/ErrorBoundary.tsx";
import App from "./App.tsx";

export default function Dashboard({ locale }: { locale: Locale }) {
  return (
    <ErrorBoundary locale={locale}>
      <Toaster locale={locale} />
      <AuthGuard locale={locale}>{(session) => <App locale={locale} session={session} />}</AuthGuard>
    </ErrorBoundary>
  );
}
