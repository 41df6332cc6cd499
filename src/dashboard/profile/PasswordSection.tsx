// Password change: checked against the rules first (each missing one named), then by the
// auth service, which has the last word (weak_password with its reasons). A user with a
// verified second factor needs an aal2 session: the service answers insufficient_aal.
import { useId, useState, type FormEvent } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { passwordChangeSchema, passwordProblems } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { explain, type ShownError } from "../../islands/auth/errors.ts";
import { useMessages, useT } from "../i18n.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { Card, FieldError, inputClass, primaryButton } from "./parts.tsx";

export default function PasswordSection({ email }: { email: string | undefined }) {
  const m = useMessages(profileMessages);
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; passwordConfirm?: string }>({});
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = password ? passwordProblems(password) : [];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = passwordChangeSchema.safeParse({ password, passwordConfirm: confirm });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors({ [String(issue.path[0])]: m.errors[issue.message as ProfileErrorKey] });
    }
    setErrors({});
    setBusy(true);
    try {
      const { error } = await getSupabase().auth.updateUser({ password: parsed.data.password });
      if (error) {
        const code = (error as { code?: string }).code;
        setFormError(code === "insufficient_aal" ? { message: m.password.aal2 } : explain(t, error));
        return;
      }
      setPassword("");
      setConfirm("");
      showToast({ title: m.password.changed, variant: "success" });
    } catch (failure) {
      setFormError(explain(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.password.title} testId="password">
      <p className="mt-1 text-sm text-gray-700" id={`${id}-rules`}>
        {m.password.intro}
      </p>
      {formError && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {formError.message}
          {formError.items && formError.items.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {formError.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ""} hidden readOnly />
        <div>
          <label htmlFor={`${id}-new`} className="block text-sm font-medium">
            {m.password.new}
          </label>
          <input
            id={`${id}-new`}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={`${id}-rules ${id}-missing${errors.password ? ` ${id}-new-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id}-missing`} className="mt-1 text-xs text-gray-700" aria-live="polite">
            {problems.length > 0 && `${m.password.missing} ${problems.map((p) => m.password.rules[p]).join(", ")}`}
          </p>
          <FieldError id={`${id}-new-error`} message={errors.password} />
        </div>
        <div>
          <label htmlFor={`${id}-confirm`} className="block text-sm font-medium">
            {m.password.confirm}
          </label>
          <input
            id={`${id}-confirm`}
            type="password"
            name="passwordConfirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={Boolean(errors.passwordConfirm)}
            aria-describedby={errors.passwordConfirm ? `${id}-confirm-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-confirm-error`} message={errors.passwordConfirm} />
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? m.saving : m.password.submit}
          </button>
        </div>
      </form>
    </Card>
  );
}
