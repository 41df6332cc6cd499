// The second step for a user with a verified TOTP factor: a 6-digit code lifts the
// session from aal1 to aal2 (SPEC §4). Given the page's auth client and strings: the
// sign-in form passes the auth-only client, the dashboard its supabase-js (dashboard/guard/AuthGuard.tsx).
import { useState, type SubmitEvent } from "react";
import type { GoTrueClient as AuthClient } from "@supabase/auth-js";
import type { Translate } from "../../lib/translate.ts";
import { Field, FormAlert, Submit, linkClass } from "./ui.tsx";
import { explain, type ShownError } from "./errors.ts";

export interface MfaChallengeFormProps {
  auth: () => Pick<AuthClient, "mfa"> | Promise<Pick<AuthClient, "mfa">>;
  t: Translate;
  onVerified: () => void;
  onCancel?: () => void;
}

export default function MfaChallengeForm({ auth: getAuth, t, onVerified, onCancel }: MfaChallengeFormProps) {
  const [error, setError] = useState<ShownError | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const code = new FormData(event.currentTarget).get("code");
    // Loaded with the auth client on the sign-in page; already there in the dashboard.
    const forms = await import("../../lib/forms/auth.ts").catch((thrown: unknown) => void setError(explain(t, thrown)));
    if (!forms) return;
    const parsed = forms.codeSchema.safeParse({ code });
    if (!parsed.success) return setFieldError(t(forms.fieldErrors(parsed.error).code));
    setFieldError(undefined);
    setBusy(true);
    try {
      const auth = await getAuth();
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
