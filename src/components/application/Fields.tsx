// Labelled form controls of the application form, each with its error and hint tied to it.
import type { ReactNode } from "react";

export const inputClass = "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 aria-[invalid=true]:border-red-700 focus:outline-2 focus:outline-brand-600";
export const primaryButton =
  "rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const secondaryButton =
  "rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

interface Common {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

function described(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function Help({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}

export function TextInput({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  type = "text",
  autoComplete,
  inputMode,
  max,
}: Common & { value: string; onChange: (value: string) => void; type?: string; autoComplete?: string; inputMode?: "numeric" | "tel" | "email" | "text"; max?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        max={max}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, error, hint)}
        className={inputClass}
      />
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectInput({ id, label, error, hint, value, onChange, children }: Common & { value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={described(id, error, hint)} className={inputClass}>
        {children}
      </select>
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaInput({ id, label, error, hint, value, onChange }: Common & { value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={id}
        rows={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, error, hint)}
        className={inputClass}
      />
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {children}
    </div>
  );
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      {children}
    </p>
  );
}
