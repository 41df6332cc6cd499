// Sign-up (SPEC §5): e-mail or phone, a password the server judges (a weak one comes back
// with its reasons, shown in the user's language), the name for the profile.
import { useState, type SubmitEvent } from "react";
import { createTranslate, type Messages } from "../../lib/translate.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { DEFAULT_OTP_CHANNEL } from "../../lib/constants.ts";
import { afterSignInPath } from "../../lib/auth/redirects.ts";
import type { Channel } from "../../lib/forms/auth.ts";
import { Field, FormAlert, IdentifierTabs, Notice, Submit, linkClass } from "./ui.tsx";
import { explain, type ShownError } from "./errors.ts";
import { authClient, loadForms, useSignedInRedirect, warmAuthClient } from "./session.ts";

export default function SignUpForm({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = createTranslate(messages);
  const [channel, setChannel] = useState<Channel>("email");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useSignedInRedirect(locale, busy || leaving || notice !== null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = new FormData(event.currentTarget);
    const forms = await loadForms().catch((thrown: unknown) => void setFormError(explain(t, thrown)));
    if (!forms) return;
    const { fieldErrors, identifierOf } = forms;
    const parsed = forms.signUpSchema.safeParse({
      channel,
      email: form.get("email") ?? "",
      phone: form.get("phone") ?? "",
      fullName: form.get("fullName") ?? "",
      password: form.get("password") ?? "",
      passwordConfirm: form.get("passwordConfirm") ?? "",
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, t(v)])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const data = parsed.data;
      const { data: result, error } = await (
        await authClient()
      ).signUp({
        ...identifierOf(data),
        password: data.password,
        options: {
          data: { full_name: data.fullName, preferred_locale: locale },
          ...(data.channel === "phone" ? { channel: DEFAULT_OTP_CHANNEL } : { emailRedirectTo: window.location.origin + localizedPath(locale, "/login") }),
        },
      } as never);
      if (error) return setFormError(explain(t, error));
      if (result.session) {
        setLeaving(true);
        return window.location.assign(afterSignInPath(locale, window.location.search));
      }
      setNotice(t("auth.notices.confirmEmail"));
    } catch (thrown) {
      setFormError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  if (notice)
    return (
      <div className="mt-6">
        <Notice>{notice}</Notice>
      </div>
    );

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={busy} {...warmAuthClient}>
      <IdentifierTabs t={t} value={channel} onChange={(value) => (setChannel(value), setErrors({}))} />
      <FormAlert message={formError?.message ?? (errors.form && !errors.email && !errors.phone ? errors.form : null)} items={formError?.items} />
      <Field id="sign-up-name" name="fullName" autoComplete="name" label={t("auth.fields.fullName")} error={errors.fullName} />
      {channel === "email" ? (
        <Field id="sign-up-email" name="email" type="email" autoComplete="email" label={t("auth.fields.email")} error={errors.email} />
      ) : (
        <Field id="sign-up-phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" label={t("auth.fields.phone")} hint={t("auth.hints.phone")} error={errors.phone} />
      )}
      <Field id="sign-up-password" name="password" type="password" autoComplete="new-password" label={t("auth.fields.password")} error={errors.password} />
      <Field id="sign-up-password-confirm" name="passwordConfirm" type="password" autoComplete="new-password" label={t("auth.fields.passwordConfirm")} error={errors.passwordConfirm} />
      <Submit busy={busy} label={t("auth.actions.signUp")} busyLabel={t("auth.actions.working")} />
      <a href={localizedPath(locale, "/login")} className={`${linkClass} text-center`}>
        {t("auth.links.login")}
      </a>
    </form>
  );
}
