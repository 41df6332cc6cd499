// The institution's identity (name, NIU, contacts, the relevé's authorisation and signatory)
// and its matricule pattern, with a live
// example of the matricule it gives (computed by the database's own format_matricule).
import { useEffect, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { institutionSchema, isMatriculePattern, type InstitutionForm } from "../../lib/forms/institution.ts";
import { mutateCache } from "../../lib/data-cache.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { previewMatricule, saveSettings, type InstitutionSettings } from "./data.ts";
import { institutionMessages } from "./messages.ts";
import { SETTINGS_KEY } from "./stores.ts";

export default function InstitutionSection({ settings }: { settings: InstitutionSettings }) {
  const m = useMessages(institutionMessages);
  const form = useZodForm(institutionSchema, {
    defaultValues: {
      name: settings.name,
      niu: settings.niu ?? "",
      phone: settings.phone ?? "",
      email: settings.email ?? "",
      postal_address: settings.postal_address ?? "",
      matricule_pattern: settings.matricule_pattern,
      authorization_ref: settings.authorization_ref ?? "",
      signatory_name: settings.signatory_name ?? "",
      signatory_title_fr: settings.signatory_title_fr ?? "",
      signatory_title_en: settings.signatory_title_en ?? "",
    },
  });
  const pattern = form.watch("matricule_pattern");
  const [example, setExample] = useState<string | null>(null);
  useEffect(() => {
    if (!isMatriculePattern(pattern.trim())) return setExample(null);
    const timer = setTimeout(() => {
      previewMatricule(getSupabase(), pattern.trim(), "UO", new Date().getFullYear(), 1).then(setExample, () => setExample(null));
    }, 300);
    return () => clearTimeout(timer);
  }, [pattern]);

  async function save(values: InstitutionForm) {
    try {
      const saved = await saveSettings(getSupabase(), {
        ...values,
        niu: values.niu || null,
        phone: values.phone || null,
        email: values.email || null,
        postal_address: values.postal_address || null,
        authorization_ref: values.authorization_ref || null,
        signatory_name: values.signatory_name || null,
        signatory_title_fr: values.signatory_title_fr || null,
        signatory_title_en: values.signatory_title_en || null,
      });
      mutateCache(SETTINGS_KEY, saved);
      toastSuccess("saved");
    } catch (error) {
      toastError(error);
    }
  }

  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  return (
    <Card title={m.institution} testId="institution-form">
      <Form form={form} onSubmit={save} translateError={translateError} aria-label={m.institution}>
        <FormField name="name">{(field) => <TextField label={m.name} isRequired maxLength={200} {...field} />}</FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="niu">{(field) => <TextField label={m.niu} description={m.niuHelp} maxLength={20} {...field} />}</FormField>
          <FormField name="phone">{(field) => <TextField label={m.phone} type="tel" autoComplete="tel" {...field} />}</FormField>
          <FormField name="email">{(field) => <TextField label={m.email} type="email" autoComplete="email" {...field} />}</FormField>
          <FormField name="postal_address">{(field) => <TextField label={m.postalAddress} maxLength={300} {...field} />}</FormField>
        </div>
        <FormField name="matricule_pattern">
          {(field) => (
            <TextField
              label={m.matriculePattern}
              description={
                <>
                  {m.matriculeHelp}
                  {example && (
                    <span className="mt-1 block font-medium text-gray-900" data-testid="matricule-example">
                      {fill(m.matriculePreview, { example })}
                    </span>
                  )}
                </>
              }
              maxLength={40}
              {...field}
            />
          )}
        </FormField>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-gray-900">{m.documents}</legend>
          <FormField name="authorization_ref">{(field) => <TextField label={m.authorizationRef} description={m.authorizationRefHelp} maxLength={200} {...field} />}</FormField>
          <FormField name="signatory_name">{(field) => <TextField label={m.signatoryName} description={m.signatoryNameHelp} maxLength={120} {...field} />}</FormField>
          <FormField name="signatory_title_fr">{(field) => <TextField label={m.signatoryTitleFr} maxLength={120} {...field} />}</FormField>
          <FormField name="signatory_title_en">{(field) => <TextField label={m.signatoryTitleEn} maxLength={120} {...field} />}</FormField>
        </fieldset>
        <FormError />
        <SaveButton label={m.save} />
      </Form>
    </Card>
  );
}

export function SaveButton({ label }: { label: string }) {
  const pending = useFormPending();
  return (
    <div>
      <Button type="submit" isPending={pending}>
        {label}
      </Button>
    </div>
  );
}
