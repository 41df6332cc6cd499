// E-mail + password sign-in against Supabase Auth. zod checks the fields before any
// request; the server's answer is shown in the form's language; nothing typed is lost.
// Inputs are uncontrolled so that what a fast typist enters before hydration stays.
import { useState, type SubmitEvent } from "react";
import { getSupabase } from "../lib/supabase/browser.ts";
import { useTranslations } from "../lib/i18n.ts";
import { localizedPath, type Locale } from "../lib/locales.ts";
import { signInSchema } from "../lib/forms/sign-in.ts";

type FieldErrors = Partial<Record<"email" | "password", string>>;

export default function SignInForm({ locale }: { locale: Locale }) {
  const t = useTranslations(locale);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= t(issue.message);
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const { error } = await getSupabase().auth.signInWithPassword(parsed.data);
      if (error) {
        setFormError(t(error.status === 400 ? "signIn.errors.invalidCredentials" : "signIn.errors.unknown"));
        return;
      }
      window.location.assign(localizedPath(locale, "/dashboard"));
    } catch {
      setFormError(t("signIn.errors.network"));
    } finally {
      setSubmitting(false);
    }
  }

  const input = "mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 aria-[invalid=true]:border-accent-500";
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-busy={submitting}>
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      )}
      <div>
        <label htmlFor="sign-in-email" className="block text-sm font-medium">
          {t("signIn.email")}
        </label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          name="email"
          aria-invalid={Boolean(fieldErrors.email)}
          aria-describedby={fieldErrors.email ? "sign-in-email-error" : undefined}
          className={input}
        />
        {fieldErrors.email && (
          <p id="sign-in-email-error" className="mt-1 text-sm text-red-800">
            {fieldErrors.email}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="sign-in-password" className="block text-sm font-medium">
          {t("signIn.password")}
        </label>
        <input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          name="password"
          aria-invalid={Boolean(fieldErrors.password)}
          aria-describedby={fieldErrors.password ? "sign-in-password-error" : undefined}
          className={input}
        />
        {fieldErrors.password && (
          <p id="sign-in-password-error" className="mt-1 text-sm text-red-800">
            {fieldErrors.password}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={submitting}
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {submitting ? t("signIn.submitting") : t("signIn.submit")}
      </button>
    </form>
  );
}
