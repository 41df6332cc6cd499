// Password change: checked against the rules first (each missing one named as the user
// types), then by the auth service, which has the last word (weak_password with its
// reasons). The service asks for the current password (GoTrue's current_password_required /
// current_password_invalid) and, for a session signed in over a day ago, for a code it
// e-mails (GoTrue's secure password change: reauthenticate(), then the code as `nonce`).
// Whoever forgot the current password resets it by e-mail. A user with a verified second
// factor needs an aal2 session: the service answers insufficient_aal, and the form says so.
import { useMemo, useState } from "react";
import { passwordChangeSchema, passwordProblems, PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { explain, type ShownError } from "../../islands/auth/errors.ts";
import { fill, useLocale, useMessages, useT } from "../i18n.ts";
import { localizedPath } from "../../lib/locales.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Form, FormField, useZodForm } from "../ui/Form.tsx";
import { TextField } from "../ui/TextField.tsx";
import { showToast } from "../../lib/auth/toast.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";

/** `staff`: a teacher or an admin, whose password follows the stronger rule. */
export default function PasswordSection({ email, staff }: { email: string | undefined; staff: boolean }) {
  const m = useMessages(profileMessages);
  const t = useT();
  const locale = useLocale();
  const [serverError, setServerError] = useState<ShownError | null>(null);
  const schema = useMemo(() => passwordChangeSchema(staff), [staff]);
  const form = useZodForm(schema, { defaultValues: { currentPassword: "", password: "", passwordConfirm: "" } });
  // Set once the service asked for reauthentication: the code e-mailed to the user.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const password = form.watch("password") ?? "";
  const problems = password ? passwordProblems(password, staff) : [];
  const rule = (problem: keyof typeof m.password.rules) => fill(m.password.rules[problem], { n: staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH });

  async function askCode() {
    const { error } = await getSupabase().auth.reauthenticate();
    if (error) return setServerError(explain(t, error));
    setCodeAsked(true);
    setCode("");
  }

  async function onSubmit({ currentPassword, password: next }: { currentPassword: string; password: string }) {
    setServerError(null);
    setCodeError(undefined);
    try {
      const nonce = codeAsked && code.trim() ? code.trim() : undefined;
      const { error } = await getSupabase().auth.updateUser({ password: next, current_password: currentPassword, nonce });
      if (error) {
        const errorCode = (error as { code?: string }).code;
        if (errorCode === "current_password_invalid" || errorCode === "current_password_required")
          return form.setError("currentPassword", { message: errorCode === "current_password_invalid" ? "currentWrong" : "currentRequired" }, { shouldFocus: true });
        if (errorCode === "reauthentication_needed") return await askCode();
        if (errorCode === "reauthentication_not_valid") return setCodeError(m.errors.codeWrong);
        if (errorCode === "same_password") return form.setError("password", { message: m.password.samePassword }, { shouldFocus: true });
        return setServerError(errorCode === "insufficient_aal" ? { message: m.password.aal2 } : explain(t, error));
      }
      form.reset({ currentPassword: "", password: "", passwordConfirm: "" });
      setCodeAsked(false);
      setCode("");
      showToast({ title: m.password.changed, variant: "success" });
    } catch (failure) {
      setServerError(explain(t, failure));
    }
  }

  return (
    <Card title={m.password.title} description={staff ? m.password.introStaff : m.password.intro} testId="password" className="mt-6">
      {serverError && (
        <div role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {serverError.message}
          {serverError.items && serverError.items.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {serverError.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Form form={form} onSubmit={onSubmit} translateError={(key) => m.errors[key as ProfileErrorKey] ?? key}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ""} hidden readOnly />
        <FormField name="currentPassword">{(field) => <TextField label={m.password.current} type="password" autoComplete="current-password" className="max-w-md" {...field} />}</FormField>
        <FormField name="password">
          {(field) => (
            <TextField
              label={m.password.new}
              type="password"
              autoComplete="new-password"
              className="max-w-md"
              description={problems.length > 0 ? `${m.password.missing} ${problems.map(rule).join(", ")}` : undefined}
              {...field}
            />
          )}
        </FormField>
        <FormField name="passwordConfirm">{(field) => <TextField label={m.password.confirm} type="password" autoComplete="new-password" className="max-w-md" {...field} />}</FormField>
        {codeAsked && (
          <div className="flex max-w-md flex-col gap-2" data-testid="password-code">
            <p role="status" className="text-sm text-gray-700">
              {m.password.codeSent}
            </p>
            <TextField label={m.password.code} name="nonce" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} errorMessage={codeError} />
            <div>
              <Button variant="secondary" onPress={() => void askCode()}>
                {m.password.resend}
              </Button>
            </div>
          </div>
        )}
        <p className="text-sm">
          <a href={localizedPath(locale, "/forgot-password")} className="font-medium text-brand-700 underline">
            {m.password.forgot}
          </a>
        </p>
        <div>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {m.password.submit}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
