// Editing a catalogue entry (names, summaries, order), or adding a department, programme
// or specialty under its parent (SPEC §6: the administrator creates departments and programs).
import { getSupabase } from "../../lib/supabase/browser.ts";
import { revalidateKeys } from "../../lib/data-cache.ts";
import type { CatalogueKind } from "../../lib/catalogue-diff.ts";
import { catalogueEntrySchema, newCatalogueEntrySchema, type CatalogueEntryForm, type NewCatalogueEntryForm } from "../../lib/forms/institution.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { DialogActions } from "../ui/Dialog.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { createCatalogueRow, saveCatalogueRow, type CatalogueRow } from "./data.ts";
import { catalogueMessages } from "./messages.ts";
import { CATALOGUE_KEY } from "./stores.ts";

const refresh = () => revalidateKeys((key) => key.startsWith(CATALOGUE_KEY));

function useTranslateError() {
  const m = useMessages(catalogueMessages);
  return (key: string) => (m.errors as Record<string, string>)[key] ?? key;
}

function EntryFields() {
  const m = useMessages(catalogueMessages);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="name_fr">{(field) => <TextField label={m.nameFr} isRequired maxLength={200} {...field} />}</FormField>
        <FormField name="name_en">{(field) => <TextField label={m.nameEn} isRequired maxLength={200} {...field} />}</FormField>
      </div>
      <FormField name="summary_fr">{(field) => <TextArea label={m.summaryFr} rows={3} {...field} />}</FormField>
      <FormField name="summary_en">{(field) => <TextArea label={m.summaryEn} rows={3} {...field} />}</FormField>
      <FormField<number | null> name="position">{(field) => <NumberField label={m.position} minValue={0} maxValue={999} {...field} />}</FormField>
    </>
  );
}

function Actions({ close }: { close: () => void }) {
  const m = useMessages(catalogueMessages);
  const pending = useFormPending();
  return (
    <DialogActions>
      <Button variant="secondary" onPress={close} isDisabled={pending}>
        {m.cancel}
      </Button>
      <Button type="submit" isPending={pending}>
        {m.save}
      </Button>
    </DialogActions>
  );
}

export function EditEntryForm({ kind, row, close }: { kind: CatalogueKind; row: CatalogueRow; close: () => void }) {
  const form = useZodForm(catalogueEntrySchema, {
    defaultValues: { name_fr: row.name_fr, name_en: row.name_en, summary_fr: row.summary_fr, summary_en: row.summary_en, position: row.position },
  });
  async function save(values: CatalogueEntryForm) {
    try {
      await saveCatalogueRow(getSupabase(), kind, row.id, values);
      await refresh();
      toastSuccess("updated");
      close();
    } catch (error) {
      toastError(error);
    }
  }
  return (
    <Form form={form} onSubmit={save} translateError={useTranslateError()}>
      <EntryFields />
      <FormError />
      <Actions close={close} />
    </Form>
  );
}

export function NewEntryForm({ kind, parents, close }: { kind: "departments" | "programmes" | "specialties"; parents: CatalogueRow[]; close: () => void }) {
  const m = useMessages(catalogueMessages);
  const locale = useLocale();
  const form = useZodForm(newCatalogueEntrySchema, {
    defaultValues: { slug: "", name_fr: "", name_en: "", summary_fr: "", summary_en: "", position: 100, parent_id: "", degree: "licence-master" },
  });
  async function save(values: NewCatalogueEntryForm) {
    try {
      await createCatalogueRow(getSupabase(), kind, values);
      await refresh();
      toastSuccess("created");
      close();
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return form.setError("slug", { message: "slugTaken" });
      toastError(error);
    }
  }
  return (
    <Form form={form} onSubmit={save} translateError={useTranslateError()}>
      <FormField name="slug">{(field) => <TextField label={m.slug} description={m.slugHelp} isRequired maxLength={80} {...field} />}</FormField>
      <FormField name="parent_id">
        {(field) => (
          <RadioGroup
            label={m.parent}
            isRequired
            options={parents.map((p) => ({ value: p.id, label: locale === "fr" ? p.name_fr : p.name_en }))}
            {...field}
          />
        )}
      </FormField>
      {kind === "programmes" && (
        <FormField name="degree">
          {(field) => <RadioGroup label={m.degree} options={(["licence", "master", "licence-master"] as const).map((d) => ({ value: d, label: m.degrees[d] }))} {...field} />}
        </FormField>
      )}
      <EntryFields />
      <FormError />
      <Actions close={close} />
    </Form>
  );
}
