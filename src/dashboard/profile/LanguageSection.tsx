// The preferred language: the interface's and the notifications'. Saving it opens the same
// page in that language.
import { useId, useState, type FormEvent } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { localizedPath, PREFERRED_LANGUAGE_KEY, type Locale } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { savePreferredLocale } from "./data.ts";
import { profileMessages } from "./messages.ts";
import { Card, primaryButton, useErrorText } from "./parts.tsx";

export default function LanguageSection({ userId, preferred, title }: { userId: string; preferred: Locale; title?: string }) {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const id = useId();
  const errorText = useErrorText();
  const [value, setValue] = useState<Locale>(preferred);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await savePreferredLocale(getSupabase(), userId, value);
      try {
        localStorage.setItem(PREFERRED_LANGUAGE_KEY, value);
      } catch {
        // Storage blocked: the saved profile is enough.
      }
      if (value !== locale) {
        window.location.assign(`${localizedPath(value, window.location.pathname)}${window.location.search}`);
        return;
      }
      showToast({ title: m.saved, variant: "success" });
    } catch (failure) {
      showToast({ title: errorText(failure), variant: "destructive" });
    }
    setBusy(false);
  }

  return (
    <Card title={title ?? m.language.title} testId="language">
      <p className="mt-1 text-sm text-gray-700">{m.language.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-medium">{m.language.legend}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(["fr", "en"] as const).map((option) => (
              <label key={option} htmlFor={`${id}-${option}`} className="flex items-center gap-2" lang={option}>
                <input
                  id={`${id}-${option}`}
                  type="radio"
                  name="preferredLocale"
                  value={option}
                  checked={value === option}
                  onChange={() => setValue(option)}
                  className="h-4 w-4 accent-brand-700"
                />
                {m.language[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? m.saving : m.save}
          </button>
        </div>
      </form>
    </Card>
  );
}
