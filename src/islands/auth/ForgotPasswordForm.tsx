// Password recovery by link (SPEC §7 POST /recover): the e-mail's link opens the reset page
// with a recovery session. The answer never says whether the address has an account.
import { useState, type SubmitEvent } from "react";
import { createTranslate, type Messages } from "../../lib/translate.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { Field, FormAlert, Notice, Submit, linkClass } from "./ui.tsx";
import { explain, type ShownError } from "./errors.ts";
import { authClient, loadForms, useSignedInRedirect, warmAuthClient } from "./session.ts";

export default function ForgotPasswordForm({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = createTranslate(messages);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useSignedInRedirect(locale, busy);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const email = new FormData(event.currentTarget).get("email");
    const forms = await loadForms().catch((thrown: unknown) => void setFormError(explain(t, thrown)));
    if (!forms) return;
    const parsed = forms.forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setError(t(forms.fieldErrors(parsed.error).email));
    setError(undefined);
    setBusy(true);
    try {
      const { error: failure } = await (
        await authClient()
      ).resetPasswordForEmail(parsed.data.email, {
        redirectTo: window.location.origin + localizedPath(locale, "/reset-password"),
      });
      if (failure && failure.status !== 404) return setFormError(explain(t, failure));
      setSent(true);
    } catch (thrown) {
      setFormError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={busy} {...warmAuthClient}>
      {sent && <Notice>{t("auth.notices.linkSent")}</Notice>}
      <FormAlert message={formError?.message ?? null} items={formError?.items} />
      <Field id="forgot-email" name="email" type="email" autoComplete="email" label={t("auth.fields.email")} error={error} />
      <Submit busy={busy} label={t("auth.actions.sendLink")} busyLabel={t("auth.actions.working")} />
      <a href={localizedPath(locale, "/login")} className={`${linkClass} text-center`}>
        {t("auth.links.login")}
      </a>
    </form>
  );
}
