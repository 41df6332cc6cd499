// Forms: react-hook-form validated by a zod schema (the same schema lib/forms shares with
// the tests), errors shown on the field they concern. A schema's messages are i18n keys
// (shared catalogue) or a feature's own words; `translateError` turns them into text.
import { createContext, useContext, type FormEvent, type ReactNode } from "react";
import { FormProvider, useController, useForm, useFormContext, type FieldPath, type FieldValues, type SubmitHandler, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type * as z from "zod/v4/core";
import { useT } from "../i18n.ts";
import { errorText } from "./styles.ts";

type Translate = (message: string) => string;
const TranslateContext = createContext<Translate>((message) => message);

/**
 * react-hook-form bound to a zod schema: values typed as the schema's input, the submit
 * handler receives its output (trimmed, transformed). Errors appear once a field is left,
 * then update as the user types.
 */
export function useZodForm<S extends z.$ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>, "resolver"> = {},
): UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return useForm<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>({
    mode: "onTouched",
    ...options,
    // The resolver's generics follow the schema; the cast only reconciles them with ours.
    resolver: zodResolver(schema as never) as never,
  });
}

export interface FormProps<TIn extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  /** A schema message → the text shown; default: the shared catalogue's key, else as written. */
  translateError?: Translate;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

/** A <form> that validates with the schema, focuses the first wrong field, and keeps what was typed. */
export function Form<TIn extends FieldValues, TOut extends FieldValues>({ form, onSubmit, translateError, className, children, ...aria }: FormProps<TIn, TOut>) {
  const t = useT();
  const translate: Translate = translateError ?? ((message) => t(message, { defaultValue: message }));
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onSubmit)(event);
  return (
    <FormProvider {...form}>
      <TranslateContext.Provider value={translate}>
        <form noValidate onSubmit={submit} className={className ?? "flex flex-col gap-4"} {...aria}>
          {children}
        </form>
      </TranslateContext.Provider>
    </FormProvider>
  );
}

/** What a kit field needs to be bound to the form: spread it onto TextField, Checkbox… */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  errorMessage?: string;
  isDisabled?: boolean;
}

/**
 * Binds one field of the enclosing Form:
 * `<FormField name="email">{(field) => <TextField label="E-mail" {...field} />}</FormField>`
 */
export function FormField<V = string>({ name, children }: { name: string; children: (field: BoundField<V>) => ReactNode }) {
  const { control } = useFormContext();
  const translate = useContext(TranslateContext);
  const { field, fieldState } = useController({ name, control });
  const bound: BoundField<V> = {
    name: field.name,
    value: field.value as V,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: (element) => field.ref(element && "focus" in element ? element : null),
    errorMessage: fieldState.error?.message ? translate(fieldState.error.message) : undefined,
    isDisabled: field.disabled,
  };
  return <>{children(bound)}</>;
}

/** An error of the whole form (schema path "form", or `setError("root", …)` after a failed save). */
export function FormError({ name = "form" }: { name?: string }) {
  const { formState } = useFormContext();
  const translate = useContext(TranslateContext);
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const message = errors[name]?.message ?? errors.root?.message;
  if (!message) return null;
  return (
    <p role="alert" className={errorText}>
      {translate(message)}
    </p>
  );
}

/** The submitting flag of the enclosing Form, for a Button's isPending. */
export function useFormPending(): boolean {
  return useFormContext().formState.isSubmitting;
}

export type { FieldPath };
