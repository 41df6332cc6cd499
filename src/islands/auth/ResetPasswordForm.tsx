// The reset/update password page: reached from the recovery link (supabase-js reads the
// session from the URL: PASSWORD_RECOVERY) or signed in. Never redirected away (SPEC §4).
// With mode "invite" (/accept-invite, the invitation's link), the same form sets the
// invited account's first password, then opens the dashboard. An expired or used link says
// so, with the way forward (a new link).
// The recovery link signs in at aal1; a user with a verified factor gives a code first, as
// the auth service changes their password only at aal2.
import { useEffect, useState, type SubmitEvent } from "react";
import { needsSecondFactor } from "../../lib/auth/assurance.ts";
import { createTranslate, type Messages } from "../../lib/translate.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { DASHBOARD_PATH } from "../../lib/constants.ts";
import { Field, FormAlert, Notice, Submit, linkClass, primaryButton, useHydrated } from "./ui.tsx";
import { explain, failedAuthLink, type ShownError } from "./errors.ts";
import { authClient, loadForms, useAuthState } from "./session.ts";
import MfaChallengeForm from "./MfaChallengeForm.tsx";

export default function ResetPasswordForm({ locale, messages, mode = "reset" }: { locale: Locale; messages: Messages; mode?: "reset" | "invite" }) {
  const t = createTranslate(messages, locale);
  const auth = useAuthState();
  // The page was built saying "checking"; the browser knows at once whether a session may
  // exist. The first render in the browser says "checking" too, so hydration matches the
  // built HTML (React error #418 otherwise), then the answer shows.
  const hydrated = useHydrated();
  // Read at hydration, before the auth client (loaded later) consumes the fragment.
  const [linkFailed, setLinkFailed] = useState(false);
  useEffect(() => setLinkFailed(failedAuthLink(window.location.hash, window.location.search)), []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [assurance, setAssurance] = useState<"checking" | "ok" | "needs-aal2">("checking");
  const userId = auth.session?.user.id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void authClient()
      .then((client) => client.mfa.getAuthenticatorAssuranceLevel())
      .then(({ data }) => live && setAssurance(needsSecondFactor(data) ? "needs-aal2" : "ok"))
      // Unknown: let the form try; the auth service still refuses a change it must not make.
      .catch(() => live && setAssurance("ok"));
    return () => {
      live = false;
    };
  }, [userId]);

  if (!hydrated || auth.loading)
    return (
      <p role="status" className="mt-6 text-gray-600">
        {t("guard.checking")}
      </p>
    );
  if (done) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <Notice>{t("auth.notices.passwordUpdated")}</Notice>
        <a href={localizedPath(locale, DASHBOARD_PATH)} className={`${primaryButton} text-center`}>
          {t("account.dashboard")}
        </a>
      </div>
    );
  }
  if (!auth.session) {
    return (
      <div className="mt-6 flex flex-col gap-4" data-testid="link-problem">
        <Notice>{linkFailed ? t(`auth.linkProblems.${mode}`) : t("auth.notices.needsRecoveryLink")}</Notice>
        <a href={localizedPath(locale, "/forgot-password")} className={`${linkClass} text-center`}>
          {linkFailed ? t("auth.links.newLink") : t("auth.links.forgot")}
        </a>
      </div>
    );
  }

  if (assurance === "checking")
    return (
      <p role="status" className="mt-6 text-gray-600">
        {t("guard.checking")}
      </p>
    );
  if (assurance === "needs-aal2") return <MfaChallengeForm auth={authClient} t={t} onVerified={() => setAssurance("ok")} />;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = new FormData(event.currentTarget);
    const forms = await loadForms().catch((thrown: unknown) => void setFormError(explain(t, thrown)));
    if (!forms) return;
    const { fieldErrors } = forms;
    const parsed = forms.newPasswordSchema.safeParse({ password: form.get("password") ?? "", passwordConfirm: form.get("passwordConfirm") ?? "" });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, t(v)])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { error } = await (await authClient()).updateUser({ password: parsed.data.password });
      if (error) return setFormError(explain(t, error));
      if (mode === "invite") return window.location.assign(localizedPath(locale, DASHBOARD_PATH));
      setDone(true);
    } catch (thrown) {
      setFormError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={busy}>
      <FormAlert message={formError?.message ?? null} items={formError?.items} />
      <Field id="reset-password" name="password" type="password" autoComplete="new-password" label={t("auth.fields.newPassword")} error={errors.password} />
      <Field id="reset-password-confirm" name="passwordConfirm" type="password" autoComplete="new-password" label={t("auth.fields.passwordConfirm")} error={errors.passwordConfirm} />
      <Submit busy={busy} label={mode === "invite" ? t("auth.actions.acceptInvite") : t("auth.actions.updatePassword")} busyLabel={t("auth.actions.working")} />
    </form>
  );
}
