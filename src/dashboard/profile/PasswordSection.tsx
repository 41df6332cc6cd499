// Password change: checked against the rules first (each missing one named as the user
// types), then by the auth service, which has the last word (weak_password with its
// reasons). A user with a verified second factor needs an aal2 session: the service answers
// insufficient_aal, and the form says what to do.
import { useMemo, useState } from "react";
import { passwordChangeSchema, passwordProblems, PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { explain, type ShownError } from "../../islands/auth/errors.ts";
import { fill, useMessages, useT } from "../i18n.ts";
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
  const [serverError, setServerError] = useState<ShownError | null>(null);
  const schema = useMemo(() => passwordChangeSchema(staff), [staff]);
  const form = useZodForm(schema, { defaultValues: { password: "", passwordConfirm: "" } });
  const password = form.watch("password") ?? "";
  const problems = password ? passwordProblems(password, staff) : [];
  const rule = (problem: keyof typeof m.password.rules) =>
    fill(m.password.rules[problem], { n: staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH });

  async function onSubmit({ password: next }: { password: string }) {
    setServerError(null);
    try {
      const { error } = await getSupabase().auth.updateUser({ password: next });
      if (error) {
        const code = (error as { code?: string }).code;
        return setServerError(code === "insufficient_aal" ? { message: m.password.aal2 } : explain(t, error));
      }
      form.reset({ password: "", passwordConfirm: "" });
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
        <FormField name="passwordConfirm">
          {(field) => <TextField label={m.password.confirm} type="password" autoComplete="new-password" className="max-w-md" {...field} />}
        </FormField>
        <div>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {m.password.submit}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
