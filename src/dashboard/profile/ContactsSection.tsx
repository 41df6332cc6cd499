// The mobile phone (profile_contacts), a Cameroonian number stored as +2376XXXXXXXX.
import { contactsSchema, formatCameroonPhone } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Form, FormField, useZodForm } from "../ui/Form.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { savePhone } from "./data.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";

export default function ContactsSection({ userId, phone }: { userId: string; phone: string | null }) {
  const m = useMessages(profileMessages);
  const form = useZodForm(contactsSchema, { defaultValues: { phone: phone ? formatCameroonPhone(phone) : "" } });

  async function onSubmit({ phone: saved }: { phone: string | null }) {
    try {
      await savePhone(getSupabase(), userId, saved);
      form.reset({ phone: saved ? formatCameroonPhone(saved) : "" });
      toastSuccess("saved");
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Card title={m.contacts.title} testId="contacts" className="mt-6">
      <Form form={form} onSubmit={onSubmit} translateError={(key) => m.errors[key as ProfileErrorKey] ?? key}>
        <FormField name="phone">
          {(field) => (
            <TextField
              label={m.contacts.phone}
              description={`${m.contacts.phoneHint} ${m.contacts.smsNote}`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+237 6XX XX XX XX"
              className="max-w-md"
              {...field}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {m.save}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
