// The zod schemas the build checks the content with (src/content.config.ts), made from the
// fields of ./model.ts: the same numbers the CMS's form gets (src/cms/config.ts).
import { z } from "zod";
import type { DataOf, Field, Fields, ValueOf } from "./fields.ts";
import type { EntryCollection, Rule } from "./model.ts";

/** The check of a reference: the build knows the French file names of each collection. */
export type RefSchema = (collection: EntryCollection) => z.ZodType<string>;

export function fieldSchema<F extends Field>(field: F, ref: RefSchema): z.ZodType<ValueOf<F>> {
  return build(field, ref) as z.ZodType<ValueOf<F>>;
}

function build(field: Field, ref: RefSchema): z.ZodType {
  switch (field.kind) {
    case "text": {
      let schema = z.string().min(field.min);
      if (field.max !== undefined) schema = schema.max(field.max);
      return field.pattern ? schema.regex(field.pattern.regex, field.pattern.message) : schema;
    }
    case "integer": {
      let schema = z.number().int();
      if (field.min !== undefined) schema = schema.min(field.min, field.message);
      if (field.max !== undefined) schema = schema.max(field.max, field.message);
      return field.default === undefined ? schema : schema.default(field.default);
    }
    case "choice":
      return z.enum(Object.keys(field.options) as [string, ...string[]]);
    case "choices":
      return z.array(z.enum(Object.keys(field.options) as [string, ...string[]])).min(field.min);
    case "list":
      return z.array(z.string().min(1)).min(field.min);
    case "ref":
      return field.optional ? ref(field.collection as EntryCollection).optional() : ref(field.collection as EntryCollection);
    case "group":
      return objectSchema(field.fields, ref);
    case "rows":
      return z.array(objectSchema(field.fields, ref)).min(field.min);
  }
}

/** An object of fields, then the rules across them (each names the field it blames). */
export function objectSchema<F extends Fields>(fields: F, ref: RefSchema, rules: readonly Rule<DataOf<F>>[] = []): z.ZodType<DataOf<F>> {
  const shape = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, build(field, ref)]));
  // Strict, as the CMS reads a file: a misspelt field name is an error, not a field ignored.
  let schema: z.ZodType = z.strictObject(shape);
  for (const rule of rules) schema = schema.refine((data) => rule.check(data as DataOf<F>), { message: rule.message, path: [rule.field] });
  return schema as z.ZodType<DataOf<F>>;
}
