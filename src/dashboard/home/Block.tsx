// A block of a home page: a titled card with its own loading and error states, linking to
// its page when given one.
import type { ReactNode } from "react";
import { useId } from "react";
import { useMessages, useT } from "../i18n.ts";
import { homeMessages } from "./messages.ts";
import { classifyError } from "../../lib/errors/classify.ts";

const genericKind = (error: unknown) => {
  const { kind } = classifyError(error);
  return kind === "network" || kind === "server" ? kind : "unknown";
};

export interface Loadable<T> {
  data?: T;
  loading: boolean;
  error?: unknown;
}

export function Block<T>({ title, link, state, onRetry, children }: { title: string; link?: string; state: Loadable<T>; onRetry: () => void; children: (data: T) => ReactNode }) {
  const id = useId();
  const m = useMessages(homeMessages);
  const t = useT();
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        {link && (
          <a href={link} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {m.open}
            <span className="sr-only"> : {title}</span>
          </a>
        )}
      </div>
      <div className="mt-3 flex-1">
        {state.data !== undefined ? (
          children(state.data)
        ) : state.error ? (
          <div role="alert" className="text-sm text-red-800">
            <p>{t(`errors.generic.${genericKind(state.error)}`)}</p>
            <button type="button" onClick={onRetry} className="mt-2 rounded-md border border-gray-300 px-3 py-1 font-medium text-gray-800 hover:bg-gray-50">
              {m.retry}
            </button>
          </div>
        ) : (
          <div role="status" aria-busy="true" className="animate-pulse space-y-2">
            <span className="sr-only">{m.loading}</span>
            <div className="h-4 w-3/4 rounded bg-gray-200" />
            <div className="h-4 w-1/2 rounded bg-gray-200" />
          </div>
        )}
      </div>
    </section>
  );
}

/** A single figure, large. */
export function Figure({ value, hint }: { value: string; hint?: string }) {
  return (
    <>
      <p className="text-3xl font-bold text-gray-900">{value}</p>
      {hint && <p className="mt-1 text-sm text-gray-600">{hint}</p>}
    </>
  );
}
