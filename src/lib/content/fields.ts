// The content fields, each stated once as data: its label and its rule (lengths, range,
// pattern, choices, references). The build turns a field into a zod schema
// (./schema.ts, for src/content.config.ts), the CMS into a Keystatic form field
// (src/cms/config.ts) with the same numbers, so the form refuses what the build refuses;
// tests/unit/cms-schema.test.ts runs the entries through both.
// Plain data, no zod: the CMS page in the browser imports this, and zod there would
// enlarge the chunk the site's forms share with it.

/** A file name (the slug): lowercase words joined by hyphens, the page's address. */
export const SLUG = {
  regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  message: "lettres minuscules, chiffres et tirets, par ex. genie-civil / lowercase words joined by hyphens, e.g. civil-engineering",
};

export interface Pattern {
  regex: RegExp;
  message: string;
}

/** A web address: http(s), a dotted host name, an optional port and path. */
export const URL_PATTERN: Pattern = {
  regex: /^https?:\/\/[\w-]+(\.[\w-]+)+(:\d+)?([/?#]\S*)?$/,
  message: "une adresse web complète, par ex. https://exemple.cm / a full web address, e.g. https://example.cm",
};

export const EMAIL_PATTERN: Pattern = {
  regex: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  message: "une adresse e-mail, par ex. contact@exemple.cm / an e-mail address, e.g. contact@example.cm",
};

/** Choices: each value in the file and its label in the form. */
export type Options = Readonly<Record<string, string>>;

interface Base {
  label: string;
  help?: string;
}

export type TextField = Base & { kind: "text"; min: number; max?: number; multiline?: boolean; pattern?: Pattern };
/** With `default` the number may be left out of the file. */
export type IntegerField = Base & { kind: "integer"; min?: number; max?: number; message?: string; default?: number };
export type ChoiceField<O extends Options = Options> = Base & { kind: "choice"; options: O };
export type ChoicesField<O extends Options = Options> = Base & { kind: "choices"; options: O; min: number };
export type ListField = Base & { kind: "list"; itemLabel: string; min: number };
/** A French slug of another collection; `optional` ones may be left out. */
export type RefField = Base & { kind: "ref"; collection: string; optional: boolean };
export type GroupField<F extends Fields = Fields> = { kind: "group"; label: string; fields: F };
export type RowsField<F extends Fields = Fields> = { kind: "rows"; label: string; fields: F; min: number };

export type Field = TextField | IntegerField | ChoiceField | ChoicesField | ListField | RefField | GroupField | RowsField;
export type Fields = { readonly [key: string]: Field };

/** What an entry's data is once read: the site's code gets these types. */
export type ValueOf<F> = F extends { kind: "text" }
  ? string
  : F extends { kind: "integer" }
    ? number
    : F extends { kind: "choice"; options: infer O }
      ? keyof O & string
      : F extends { kind: "choices"; options: infer O }
        ? (keyof O & string)[]
        : F extends { kind: "list" }
          ? string[]
          : F extends { kind: "ref" }
            ? string
            : F extends { kind: "group"; fields: infer G extends Fields }
              ? DataOf<G>
              : F extends { kind: "rows"; fields: infer G extends Fields }
                ? DataOf<G>[]
                : never;

type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { kind: "ref"; optional: true } ? K : never }[keyof F];
export type DataOf<F extends Fields> = { [K in Exclude<keyof F, OptionalKeys<F>>]: ValueOf<F[K]> } & { [K in OptionalKeys<F>]?: ValueOf<F[K]> };

interface Help {
  help?: string;
}

/** A line (or with `multiline` a paragraph) of text, required: at least `min` (1) characters. */
export function text(label: string, { min = 1, max, multiline, pattern, help }: Help & { min?: number; max?: number; multiline?: boolean; pattern?: Pattern } = {}): TextField {
  return { kind: "text", label, help, min, max, multiline, pattern };
}

export const url = (label: string, options: Help = {}) => text(label, { ...options, pattern: URL_PATTERN });

/** A whole number; `message` replaces the out-of-range error (a rule worth explaining). */
export function integer(label: string, options: Help & { min?: number; max?: number; message?: string } = {}): IntegerField {
  return { kind: "integer", label, ...options };
}

/** A whole number that may be left out of the file: it is then `fallback`. */
export function integerWithDefault(label: string, fallback: number, options: Help & { min?: number; max?: number } = {}): IntegerField {
  return { kind: "integer", label, ...options, default: fallback };
}

export function choice<const O extends Options>(label: string, options: O, { help }: Help = {}): ChoiceField<O> {
  return { kind: "choice", label, help, options };
}

/** Several values among `options`, at least `min` (1). */
export function choices<const O extends Options>(label: string, options: O, { min = 1, help }: Help & { min?: number } = {}): ChoicesField<O> {
  return { kind: "choices", label, help, options, min };
}

/** A list of non-empty lines, at least `min` (1). */
export function list(label: string, itemLabel: string, { min = 1, help }: Help & { min?: number } = {}): ListField {
  return { kind: "list", label, help, itemLabel, min };
}

export function reference(label: string, collection: string, { help }: Help = {}): RefField & { optional: false } {
  return { kind: "ref", label, help, collection, optional: false };
}

export function optionalReference(label: string, collection: string, { help }: Help = {}): RefField & { optional: true } {
  return { kind: "ref", label, help, collection, optional: true };
}

/** A group of fields stored as one object (e.g. the brand's figures). */
export function group<const F extends Fields>(label: string, fields: F): GroupField<F> {
  return { kind: "group", label, fields };
}

/** Rows of the same fields, at least `min` (1) (e.g. the social links). */
export function rows<const F extends Fields>(label: string, fields: F, { min = 1 }: { min?: number } = {}): RowsField<F> {
  return { kind: "rows", label, fields, min };
}
