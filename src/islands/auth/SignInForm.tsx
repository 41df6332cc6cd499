// Sign-in (SPEC §5, §7): by e-mail or phone with a password, or with a one-time code
// (created on first use, sent by SMS to a phone by default); then the second factor when
// the account has one; then back to the page that asked, or the dashboard.
import { useEffect, useState, type SubmitEvent } from "react";
import { createTranslate, type Messages } from "../../lib/translate.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { DASHBOARD_PATH, DEFAULT_OTP_CHANNEL, OTP_CREATES_USER } from "../../lib/constants.ts";
import { afterSignInPath } from "../../lib/auth/redirects.ts";
import { needsSecondFactor } from "../../lib/auth/assurance.ts";
import type { Channel, fieldErrors } from "../../lib/forms/auth.ts";
import { Field, FormAlert, IdentifierTabs, Notice, Submit, Tabs, linkClass } from "./ui.tsx";
import { explain, failedAuthLink, type ShownError } from "./errors.ts";
import { authClient, loadForms, useSignedInRedirect, warmAuthClient } from "./session.ts";
import MfaChallengeForm from "./MfaChallengeForm.tsx";

// "confirm": an account whose address is not confirmed yet (the sign-up's code screen was
// closed): the code from the sign-up e-mail, or a new one, finishes the confirmation.
type Step = { kind: "credentials" } | { kind: "code"; to: { email: string } | { phone: string } } | { kind: "confirm"; email: string } | { kind: "mfa" };

export default function SignInForm({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = createTranslate(messages, locale);
  const [method, setMethod] = useState<"password" | "otp">("password");
  const [channel, setChannel] = useState<Channel>("email");
  const [step, setStep] = useState<Step>({ kind: "credentials" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [handling, setHandling] = useState(false);
  useSignedInRedirect(locale, handling);

  // A sign-up confirmation link that expired or was used lands here: say so, and how to go on.
  useEffect(() => {
    if (failedAuthLink(window.location.hash, window.location.search)) setNotice(t("auth.linkProblems.confirm"));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const goOn = () => window.location.assign(afterSignInPath(locale, window.location.search));

  async function afterSignIn() {
    const { data } = await (await authClient()).mfa.getAuthenticatorAssuranceLevel();
    if (needsSecondFactor(data)) return setStep({ kind: "mfa" });
    goOn();
  }

  async function run(action: () => Promise<void>) {
    setFormError(null);
    setNotice(null);
    setBusy(true);
    setHandling(true);
    try {
      await action();
    } catch (thrown) {
      setFormError(explain(t, thrown));
      setHandling(false);
    } finally {
      setBusy(false);
    }
  }

  /** The form schemas, loaded with the auth client (at the first focus, at the latest now). */
  async function schemas() {
    return loadForms().catch((thrown: unknown) => void setFormError(explain(t, thrown)));
  }

  function validate<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] }, forms: { fieldErrors: typeof fieldErrors }): T | null {
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = forms.fieldErrors(result.error);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    return null;
  }

  async function onCredentials(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const raw = { channel, email: form.get("email") ?? "", phone: form.get("phone") ?? "", password: form.get("password") ?? "" };
    const forms = await schemas();
    if (!forms) return;
    const { identifierOf } = forms;
    if (method === "password") {
      const data = validate(forms.passwordSignInSchema.safeParse(raw), forms);
      if (!data) return;
      await run(async () => {
        const { error } = await (await authClient()).signInWithPassword({ ...identifierOf(data), password: data.password } as never);
        if (error?.code === "email_not_confirmed" && data.channel === "email") {
          setHandling(false);
          setStep({ kind: "confirm", email: data.email });
          return setNotice(t("auth.notices.confirmFirst"));
        }
        if (error) {
          setHandling(false);
          return setFormError(explain(t, error));
        }
        await afterSignIn();
      });
    } else {
      const data = validate(forms.otpRequestSchema.safeParse(raw), forms);
      if (!data) return;
      const to = identifierOf(data);
      await run(async () => {
        await sendCode(to);
        setStep({ kind: "code", to });
        setNotice(t("auth.notices.codeSent"));
      });
    }
  }

  async function sendCode(to: { email: string } | { phone: string }) {
    const options =
      "phone" in to
        ? { shouldCreateUser: OTP_CREATES_USER, channel: DEFAULT_OTP_CHANNEL }
        : { shouldCreateUser: OTP_CREATES_USER, emailRedirectTo: window.location.origin + localizedPath(locale, DASHBOARD_PATH) };
    const { error } = await (await authClient()).signInWithOtp({ ...to, options } as never);
    if (error) throw error;
  }

  async function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "code" && step.kind !== "confirm") return;
    const code = new FormData(event.currentTarget).get("code");
    const forms = await schemas();
    if (!forms) return;
    const data = validate(forms.codeSchema.safeParse({ code }), forms);
    if (!data) return;
    await run(async () => {
      const params =
        step.kind === "confirm"
          ? { email: step.email, token: data.code, type: "signup" as const }
          : "phone" in step.to
            ? { phone: step.to.phone, token: data.code, type: "sms" as const }
            : { email: step.to.email, token: data.code, type: "email" as const };
      const { error } = await (await authClient()).verifyOtp(params);
      if (error) {
        setHandling(false);
        return setFormError(explain(t, error));
      }
      await afterSignIn();
    });
  }

  async function onResend() {
    if (step.kind === "confirm") {
      const email = step.email;
      return run(async () => {
        // The new code is written in the language the account was created in (its metadata).
        const { error } = await (await authClient()).resend({ type: "signup", email, options: { emailRedirectTo: window.location.origin + localizedPath(locale, "/login") } });
        if (error) throw error;
        setNotice(t("auth.notices.codeResent"));
        setHandling(false);
      });
    }
    if (step.kind !== "code") return;
    const to = step.to;
    await run(async () => {
      if ("phone" in to) {
        const { error } = await (await authClient()).resend({ type: "sms", phone: to.phone });
        if (error) throw error;
      } else {
        await sendCode(to);
      }
      setNotice(t("auth.notices.codeResent"));
    });
  }

  if (step.kind === "mfa") {
    return (
      <MfaChallengeForm
        auth={authClient}
        t={t}
        onVerified={goOn}
        onCancel={() =>
          void authClient()
            .then((auth) => auth.signOut({ scope: "local" }))
            .then(() => window.location.reload())
        }
      />
    );
  }

  if (step.kind === "code" || step.kind === "confirm") {
    return (
      <form noValidate onSubmit={onCode} className="mt-6 flex flex-col gap-4" aria-busy={busy} data-testid={step.kind === "confirm" ? "confirm-email" : undefined}>
        {notice && <Notice>{notice}</Notice>}
        <FormAlert message={formError?.message ?? null} items={formError?.items} />
        <Field id="sign-in-code" name="code" label={t("auth.fields.code")} inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
        <Submit busy={busy} label={t("auth.actions.verifyCode")} busyLabel={t("auth.actions.working")} />
        <button type="button" onClick={() => void onResend()} disabled={busy} className={linkClass}>
          {step.kind === "confirm" ? t("auth.actions.resendConfirmation") : t("auth.actions.resend")}
        </button>
        {step.kind === "confirm" && (
          <button type="button" onClick={() => (setStep({ kind: "credentials" }), setNotice(null), setFormError(null))} className={linkClass}>
            {t("auth.actions.back")}
          </button>
        )}
      </form>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onCredentials} className="mt-6 flex flex-col gap-4" aria-busy={busy} {...warmAuthClient}>
      <Tabs
        label={t("auth.method.label")}
        value={method}
        onChange={(value) => (setMethod(value), setErrors({}), setFormError(null))}
        options={[
          { value: "password", label: t("auth.method.password") },
          { value: "otp", label: t("auth.method.otp") },
        ]}
      />
      <IdentifierTabs t={t} value={channel} onChange={(value) => (setChannel(value), setErrors({}))} />
      {notice && <Notice>{notice}</Notice>}
      <FormAlert message={formError?.message ?? (errors.form && !errors.email && !errors.phone ? errors.form : null)} items={formError?.items} />
      {channel === "email" ? (
        <Field id="sign-in-email" name="email" type="email" autoComplete="email" label={t("signIn.email")} error={errors.email} />
      ) : (
        <Field id="sign-in-phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" label={t("auth.fields.phone")} hint={t("auth.hints.phone")} error={errors.phone} />
      )}
      {method === "password" && <Field id="sign-in-password" name="password" type="password" autoComplete="current-password" label={t("signIn.password")} error={errors.password} />}
      <Submit busy={busy} label={method === "password" ? t("signIn.submit") : t("auth.actions.sendCode")} busyLabel={t("signIn.submitting")} />
      <div className="flex flex-col gap-2 text-center">
        <a href={localizedPath(locale, "/forgot-password")} className={linkClass}>
          {t("auth.links.forgot")}
        </a>
        <a href={localizedPath(locale, "/signup")} className={linkClass}>
          {t("auth.links.signup")}
        </a>
      </div>
    </form>
  );
}
