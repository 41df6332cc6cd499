// The preferred language: the interface's and the notifications'. Saving it opens the same
// page in that language.
import * as z from "zod/mini";
import { localizedPath, PREFERRED_LANGUAGE_KEY, LOCALES } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Form, FormField, useZodForm } from "../ui/Form.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { savePreferredLocale } from "./data.ts";
import { profileMessages } from "./messages.ts";

const languageSchema = z.object({ preferredLocale: z.enum(LOCALES) });

export default function LanguageSection({ userId, preferred }: { userId: string; preferred: "fr" | "en" }) {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const form = useZodForm(languageSchema, { defaultValues: { preferredLocale: preferred } });

  async function onSubmit({ preferredLocale }: z.output<typeof languageSchema>) {
    try {
      await savePreferredLocale(getSupabase(), userId, preferredLocale);
    } catch (error) {
      return toastError(error);
    }
    try {
      localStorage.setItem(PREFERRED_LANGUAGE_KEY, preferredLocale);
    } catch {
      // Storage blocked: the saved profile is enough.
    }
    if (preferredLocale === locale) return toastSuccess("saved");
    window.location.assign(`${localizedPath(preferredLocale, window.location.pathname)}${window.location.search}`);
    await new Promise(() => {}); // keep the button pending while the other language loads
  }

  return (
    <Card title={m.language.title} description={m.language.intro} testId="language" className="mt-6">
      <Form form={form} onSubmit={onSubmit}>
        <FormField name="preferredLocale">
          {(field) => (
            <RadioGroup label={m.language.legend} orientation="horizontal" options={LOCALES.map((option) => ({ value: option, label: <span lang={option}>{m.language[option]}</span> }))} {...field} />
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
