// The generic error screen (SPEC §8): network, server (500–504), client (a code chunk that
// failed to load, or a newer version online) and unknown, each with its actions and the
// technical detail folded away.
import { useState } from "react";
import { isOnline } from "../../lib/errors/ping.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { classifyError } from "../../lib/errors/classify.ts";
import { useT } from "../i18n.ts";

const button = "rounded-md px-4 py-2 font-semibold";

export default function ErrorScreen({ error, locale, onRetry, retrying = false }: { error: unknown; locale: Locale; onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  const { kind, reason } = classifyError(error);
  const copy = kind === "client" ? (reason ?? "chunk") : kind;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const [stillOffline, setStillOffline] = useState(false);
  // A network error is retried only once a HEAD to this page answers again.
  const retry = async () => {
    if (kind === "network" && !(await isOnline(window.location.href))) return setStillOffline(true);
    setStillOffline(false);
    onRetry();
  };
  return (
    <main className="mx-auto mt-16 max-w-md rounded-xl bg-white p-8 shadow" role="alert" data-error-kind={kind}>
      <h1 className="text-2xl font-bold text-red-800">{t(`errors.screen.${copy}.title`)}</h1>
      <p className="mt-2 text-gray-700">{t(`errors.screen.${copy}.body`)}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {kind === "client" ? (
          <button type="button" onClick={() => window.location.reload()} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            {t("errors.screen.reload")}
          </button>
        ) : (
          <button type="button" onClick={() => void retry()} disabled={retrying} className={`${button} bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}>
            {retrying ? t("errors.screen.retrying") : t("errors.screen.retry")}
          </button>
        )}
        <a href={localizedPath(locale, "/")} className={`${button} border border-gray-400 text-center text-gray-800 hover:bg-gray-100`}>
          {t("errors.screen.home")}
        </a>
      </div>
      {stillOffline && (
        <p role="status" className="mt-4 text-sm text-red-800">
          {t("errors.screen.stillOffline")}
        </p>
      )}
      <details className="mt-6 text-sm text-gray-600">
        <summary className="cursor-pointer">{t("errors.screen.details")}</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">{detail}</pre>
      </details>
    </main>
  );
}
