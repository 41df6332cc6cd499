// Small pieces the profile and settings pages share: a titled card, the save button, the
// SPEC §8 error with its retry, and a loading skeleton.
import { useId, type ReactNode } from "react";
import { classifyError } from "../../lib/errors/classify.ts";
import { useMessages, useT } from "../i18n.ts";
import { profileMessages } from "./messages.ts";

export const inputClass =
  "mt-1 block w-full max-w-md rounded-md border border-gray-500 px-3 py-2 aria-[invalid=true]:border-red-700 focus:outline-2 focus:outline-brand-600";
export const primaryButton =
  "rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";
export const secondaryButton =
  "rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";

export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The SPEC §8 generic message of a failed action (network, server or unknown). */
export function useErrorText(): (error: unknown) => string {
  const t = useT();
  return (error) => {
    const { kind } = classifyError(error);
    return t(`errors.generic.${kind === "network" || kind === "server" ? kind : "unknown"}`);
  };
}

/** The SPEC §8 generic message of an error (network, server or unknown), with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const m = useMessages(profileMessages);
  const { kind } = classifyError(error);
  const key = kind === "network" || kind === "server" ? kind : "unknown";
  return (
    <div role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
      <p>{t(`errors.generic.${key}`)}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-3`}>
        {m.retry}
      </button>
    </div>
  );
}

export function Skeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="mt-6 animate-pulse space-y-3">
      <span className="sr-only">{label}</span>
      <div className="h-24 rounded-xl bg-gray-200" />
      <div className="h-40 rounded-xl bg-gray-200" />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}
