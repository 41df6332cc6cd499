// Small form pieces shared by the authentication islands: labelled fields with their
// error, the form-level alert, notices, tabs and the submit button. Inputs are
// uncontrolled so that what is typed before hydration stays.
import { useEffect, useState, type ReactNode } from "react";
import type { Channel } from "../../lib/forms/auth.ts";

export const inputClass = "mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 aria-[invalid=true]:border-accent-500 focus:outline-2 focus:outline-brand-600";
export const primaryButton = "rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const linkClass = "text-sm font-medium text-brand-700 underline-offset-2 hover:underline";

interface FieldProps {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  error?: string;
  hint?: string;
  defaultValue?: string;
}

export function Field({ id, name, label, type = "text", autoComplete, inputMode, error, hint, defaultValue }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level error: one alert, with an optional list (weak password reasons). */
export function FormAlert({ message, items }: { message: string | null; items?: string[] }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
      {items && items.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      {children}
    </p>
  );
}

export function Tabs<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div role="tablist" aria-label={label} className="flex rounded-md bg-gray-100 p-1 text-sm">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          onClick={() => onChange(option.value)}
          className="flex-1 rounded px-3 py-1.5 font-medium text-gray-700 aria-selected:bg-white aria-selected:text-brand-900 aria-selected:shadow"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** E-mail or phone: how the person identifies itself (sign-in and sign-up). */
export function IdentifierTabs({ t, value, onChange }: { t: (key: string) => string; value: Channel; onChange: (value: Channel) => void }) {
  return (
    <Tabs
      label={t("auth.identifier.label")}
      value={value}
      onChange={onChange}
      options={[
        { value: "email", label: t("auth.identifier.email") },
        { value: "phone", label: t("auth.identifier.phone") },
      ]}
    />
  );
}

/** False in the server-rendered HTML, true once React runs: a click before then would post the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Submit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={busy || !hydrated} className={primaryButton}>
      {busy ? busyLabel : label}
    </button>
  );
}
