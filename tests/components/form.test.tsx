import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { z } from "zod";
import { Button } from "../../src/dashboard/ui/Button.tsx";
import { Checkbox } from "../../src/dashboard/ui/Checkbox.tsx";
import { Form, FormField, useZodForm } from "../../src/dashboard/ui/Form.tsx";
import { NumberField } from "../../src/dashboard/ui/NumberField.tsx";
import { RadioGroup } from "../../src/dashboard/ui/RadioGroup.tsx";
import { Switch } from "../../src/dashboard/ui/Switch.tsx";
import { TextArea } from "../../src/dashboard/ui/TextArea.tsx";
import { TextField } from "../../src/dashboard/ui/TextField.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

const schema = z.object({
  title: z.string().trim().min(3, { error: "Au moins 3 caractères" }),
  summary: z.string(),
  credits: z
    .number({ error: "Nombre requis" })
    .min(1, { error: "Au moins 1" })
    .nullable()
    .refine((v) => v !== null, { error: "Nombre requis" }),
  level: z.enum(["L1", "L2"], { error: "errors.generic.validation" }),
  published: z.boolean(),
  consent: z.literal(true, { error: "Cochez la case" }),
});

function CourseForm({ onSubmit }: { onSubmit: (v: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { title: "", summary: "", credits: null, level: undefined, published: false, consent: false as never } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Cours">
      <FormField name="title">{(field) => <TextField label="Intitulé" description="Tel qu'il apparaît au catalogue" isRequired {...field} />}</FormField>
      <FormField name="summary">{(field) => <TextArea label="Résumé" {...field} />}</FormField>
      <FormField<number | null> name="credits">{(field) => <NumberField label="Crédits" {...field} />}</FormField>
      <FormField name="level">
        {(field) => (
          <RadioGroup
            label="Niveau"
            options={[
              { value: "L1", label: "Licence 1" },
              { value: "L2", label: "Licence 2" },
            ]}
            {...field}
          />
        )}
      </FormField>
      <FormField<boolean> name="published">{(field) => <Switch label="Publié" {...field} />}</FormField>
      <FormField<boolean> name="consent">{(field) => <Checkbox label="J'ai vérifié" {...field} />}</FormField>
      <Button type="submit">Enregistrer</Button>
    </Form>
  );
}

test("a wrong form shows each error on its field, wired with aria, keeps what was typed, then submits once fixed", async () => {
  const onSubmit = vi.fn();
  const screen = await renderKit(<CourseForm onSubmit={onSubmit} />);
  const title = screen.getByRole("textbox", { name: /Intitulé/ });

  await userEvent.tab();
  await expect.element(title).toHaveFocus();
  await userEvent.keyboard("ab");
  await userEvent.keyboard("{Enter}");
  // Submitting: nothing sent, the first wrong field has focus and says why.
  expect(onSubmit).not.toHaveBeenCalled();
  await expect.element(title).toHaveFocus();
  await expect.element(title).toHaveAttribute("aria-invalid", "true");
  await expect.element(title).toHaveAccessibleDescription(/Au moins 3 caractères/);
  await expect.element(title).toHaveAccessibleDescription(/Tel qu'il apparaît au catalogue/);
  await expect.element(title).toHaveValue("ab");
  await expect.element(screen.getByText("Nombre requis")).toBeInTheDocument();
  // The schema's i18n key is shown as the shared catalogue's text.
  await expect.element(screen.getByText("Erreur de validation")).toBeInTheDocument();
  await expect.element(screen.getByText("Cochez la case")).toBeInTheDocument();
  await expectNoAxeViolations();

  await userEvent.keyboard("c");
  await expect.element(title).not.toHaveAttribute("aria-invalid");
  await userEvent.tab(); // résumé
  await userEvent.keyboard("Algèbre");
  await userEvent.tab(); // credits (the − and + steppers stay out of the Tab order)
  await userEvent.keyboard("2{ArrowUp}");
  await expect.element(screen.getByRole("textbox", { name: "Crédits" })).toHaveValue("3");
  await userEvent.tab(); // radio group
  await userEvent.keyboard("{ArrowDown}");
  await expect.element(screen.getByRole("radio", { name: "Licence 2" })).toBeChecked();
  await userEvent.tab(); // switch
  await userEvent.keyboard(" ");
  await expect.element(screen.getByRole("switch", { name: "Publié" })).toBeChecked();
  await userEvent.tab(); // checkbox
  await userEvent.keyboard(" ");
  await userEvent.tab();
  await userEvent.keyboard("{Enter}");
  await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0]).toEqual({ title: "abc", summary: "Algèbre", credits: 3, level: "L2", published: true, consent: true });
});
