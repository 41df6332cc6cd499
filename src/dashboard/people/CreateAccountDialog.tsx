// "Create an account": name, e-mail and/or phone, a password now or an e-mail invitation,
// and the roles to give. Bad input stays in the form with its error; a refusal from the
// server (address taken…) shows on the form and loses nothing.
import { localizedPath } from "../../lib/locales.ts";
import { accountFormSchema, ACCOUNT_ROLES, type AccountFormInput } from "../../lib/people/account-form.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextField } from "../ui/TextField.tsx";
import { createAccount, type Role } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidatePeople } from "../ui/query.ts";

const EMPTY: AccountFormInput = { full_name: "", email: "", phone: "", mode: "password", password: "", roles: [] };

export default function CreateAccountDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const m = useMessages(peopleMessages);
  const locale = useLocale();
  const refusal = useRefusalText();
  const form = useZodForm(accountFormSchema, { defaultValues: EMPTY });
  const mode = form.watch("mode");
  const f = m.users.form;

  return (
    <Dialog title={f.title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => (
        <Form
          form={form}
          aria-label={f.title}
          translateError={(key) => (key in f ? (f as Record<string, string>)[key] : key)}
          onSubmit={async (values) => {
            try {
              // An invitation is written in the admin's language and lands on the page that sets the first password.
              await createAccount(getSupabase(), { ...values, preferred_locale: locale }, `${location.origin}${localizedPath(locale, "/accept-invite")}`);
            } catch (error) {
              form.setError("root", { message: refusal(error) });
              return;
            }
            showToast({ title: values.invite ? m.users.done.invited : m.users.done.created, variant: "success" });
            invalidatePeople();
            form.reset(EMPTY);
            close();
          }}
        >
          <FormField name="full_name">{(field) => <TextField label={f.fullName} isRequired autoComplete="off" {...field} />}</FormField>
          <FormField name="email">{(field) => <TextField label={f.email} type="email" autoComplete="off" {...field} />}</FormField>
          <FormField name="phone">{(field) => <TextField label={f.phone} type="tel" description={f.phoneHint} autoComplete="off" {...field} />}</FormField>
          <FormField name="mode">
            {(field) => (
              <RadioGroup
                label={f.mode}
                options={[
                  { value: "password", label: f.modePassword },
                  { value: "invite", label: f.modeInvite },
                ]}
                {...field}
              />
            )}
          </FormField>
          {mode === "password" && (
            <FormField name="password">{(field) => <TextField label={f.password} type="password" autoComplete="new-password" description={f.passwordHint} {...field} />}</FormField>
          )}
          <FormField<Role[]> name="roles">
            {(field) => (
              <fieldset>
                <legend className="text-sm font-semibold text-gray-900">{f.roles}</legend>
                {ACCOUNT_ROLES.map((role) => (
                  <Checkbox
                    key={role}
                    label={m.roles[role]}
                    value={field.value.includes(role)}
                    onChange={(checked) => field.onChange(checked ? [...field.value, role] : field.value.filter((r) => r !== role))}
                  />
                ))}
              </fieldset>
            )}
          </FormField>
          <FormError />
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {m.cancel}
            </Button>
            <SubmitButton label={f.submit} pendingLabel={f.submitting} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const pending = useFormPending();
  return (
    <Button type="submit" isPending={pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
