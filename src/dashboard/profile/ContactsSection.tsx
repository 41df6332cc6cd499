// The mobile phone (profile_contacts), a Cameroonian number stored as +2376XXXXXXXX.
import { useId, useState, type FormEvent } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { contactsSchema, formatCameroonPhone } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { savePhone } from "./data.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { Card, FieldError, inputClass, primaryButton, useErrorText } from "./parts.tsx";

export default function ContactsSection({ userId, phone }: { userId: string; phone: string | null }) {
  const m = useMessages(profileMessages);
  const id = useId();
  const errorText = useErrorText();
  const [value, setValue] = useState(phone ? formatCameroonPhone(phone) : "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactsSchema.safeParse({ phone: value });
    if (!parsed.success) return setError(m.errors[parsed.error.issues[0].message as ProfileErrorKey]);
    setError(undefined);
    setBusy(true);
    try {
      await savePhone(getSupabase(), userId, parsed.data.phone);
      setValue(parsed.data.phone ? formatCameroonPhone(parsed.data.phone) : "");
      showToast({ title: m.saved, variant: "success" });
    } catch (failure) {
      showToast({ title: errorText(failure), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.contacts.title} testId="contacts">
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <div>
          <label htmlFor={`${id}-phone`} className="block text-sm font-medium">
            {m.contacts.phone}
          </label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+237 6XX XX XX XX"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-phone-hint${error ? ` ${id}-phone-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id}-phone-hint`} className="mt-1 text-xs text-gray-700">
            {m.contacts.phoneHint} {m.contacts.smsNote}
          </p>
          <FieldError id={`${id}-phone-error`} message={error} />
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? m.saving : m.save}
          </button>
        </div>
      </form>
    </Card>
  );
}
