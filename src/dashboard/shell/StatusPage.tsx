// "Accès refusé" (SPEC §8) for another role's page, and the not-found page for a path the
// route table does not know; both with the way home.
import { useLocale, useMessages, useT } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { shellMessages } from "./messages.ts";

export function AccessDenied() {
  const t = useT();
  const m = useMessages(shellMessages);
  return <StatusPage title={t("errors.generic.forbidden")} body={m.deniedBody} testId="access-denied" />;
}

export function NotFound() {
  const m = useMessages(shellMessages);
  return <StatusPage title={m.notFoundTitle} body={m.notFoundBody} testId="not-found" />;
}

function StatusPage({ title, body, testId }: { title: string; body: string; testId: string }) {
  const locale = useLocale();
  const m = useMessages(shellMessages);
  return (
    <section className="mx-auto mt-8 max-w-lg rounded-xl bg-white p-8 shadow-sm" data-testid={testId}>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-2 text-gray-700">{body}</p>
      <a
        href={hrefTo(locale, "selector")}
        className="mt-6 inline-flex rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {m.backHome}
      </a>
    </section>
  );
}
