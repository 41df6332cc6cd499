// The second step for a user with a verified TOTP factor: a 6-digit code lifts the
// session from aal1 to aal2 (SPEC §4). Used after sign-in and by the dashboard guard.
import { useState, type SubmitEvent } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useTranslations } from "../../lib/i18n.ts";
import type { Locale } from "../../lib/locales.ts";
import { codeSchema, fieldErrors } from "../../lib/forms/auth.ts";
import { Field, FormAlert, Submit, linkClass } from "./ui.tsx";
import { explain, type ShownError } from "./errors.ts";

export default function MfaChallenge({ locale, onVerified, onCancel }: { locale: Locale; onVerified: () => void; onCancel?: () => void }) {
  const t = useTranslations(locale);
  const [error, setError] = useState<ShownError | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = codeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (!parsed.success) return setFieldError(t(fieldErrors(parsed.error).code));
    setFieldError(undefined);
    setBusy(true);
    try {
      const auth = getSupabase().auth;
      const { data: factors, error: listError } = await auth.mfa.listFactors();
      const factor = factors?.totp[0];
      if (listError || !factor) return setError(explain(t, listError ?? {}));
      const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: parsed.data.code });
      if (verifyError) return setError(explain(t, verifyError));
      onVerified();
    } catch (thrown) {
      setError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={busy} data-testid="mfa-challenge">
      <h2 className="text-xl font-bold text-brand-900">{t("mfa.challengeTitle")}</h2>
      <p className="text-sm text-gray-700">{t("mfa.challengeIntro")}</p>
      <FormAlert message={error?.message ?? null} items={error?.items} />
      <Field id="mfa-code" name="code" label={t("auth.fields.code")} inputMode="numeric" autoComplete="one-time-code" error={fieldError} />
      <Submit busy={busy} label={t("auth.actions.verify")} busyLabel={t("auth.actions.working")} />
      {onCancel && (
        <button type="button" onClick={onCancel} className={linkClass}>
          {t("auth.actions.cancel")}
        </button>
      )}
    </form>
  );
}
