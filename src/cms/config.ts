// The CMS (Keystatic, /keystatic) over the content collections, built from the same
// model as the build's schemas (src/lib/content/model.ts): every collection twice, French and
// English side by side in the menu (the files are <collection>/<fr|en>/<slug>.md), the
// brand facts as one form, each field with the build's rule.
import { collection, config, fields, singleton, type ComponentSchema, type FormFieldStoredValue } from "@keystatic/core";
import { SLUG, type Field, type Fields } from "../lib/content/fields.ts";
import { CONTENT, ENTRY_COLLECTIONS, type EntryCollection } from "../lib/content/model.ts";
import { checklistField } from "./inputs.tsx";
import { cmsStorage } from "./storage.ts";

export type Lang = "fr" | "en";
const LANGS: Lang[] = ["fr", "en"];

/** The Keystatic collection of a content collection in one language, e.g. filieres-fr. */
export const cmsCollection = (name: EntryCollection, lang: Lang) => `${name}-${lang}`;

/** Where an entry's "view" link goes: a server route that redirects to its public page. */
const previewPath = (name: string, lang: Lang, slug: string) => `/keystatic/preview/${name}/${lang}/${slug}`;

/** The form field of a model field; its label names the field as the file and the build do. */
function formField(key: string, field: Field): ComponentSchema {
  const label = `${field.label} (${key})`;
  switch (field.kind) {
    case "text":
      return fields.text({ label, description: field.help, multiline: field.multiline, validation: { length: { min: field.min, max: field.max }, pattern: field.pattern } });
    case "integer":
      return fields.integer({
        label,
        description: field.help,
        defaultValue: field.default,
        validation: { isRequired: field.default === undefined, min: field.min, max: field.max },
      });
    case "choice": {
      const options = Object.entries(field.options).map(([value, optionLabel]) => ({ value, label: optionLabel }));
      const select = fields.select({ label, description: field.help, options, defaultValue: options[0]!.value });
      // Keystatic reads a missing choice as the first one; the build refuses it: so does the CMS.
      const parse = (value: FormFieldStoredValue) => {
        if (value === undefined) throw new Error(`${label}: ${options.map((o) => o.value).join(", ")}`);
        return select.parse(value);
      };
      return { ...select, parse, reader: { parse: (value: FormFieldStoredValue) => select.validate(parse(value)) } };
    }
    case "choices":
      return checklistField({
        label,
        description: field.help,
        min: field.min,
        message: `cochez-en au moins ${field.min} / tick at least ${field.min}`,
        options: Object.entries(field.options).map(([value, optionLabel]) => ({ value, label: optionLabel })),
      });
    case "list":
      return fields.array(fields.text({ label: field.itemLabel, validation: { isRequired: true } }), {
        label,
        description: field.help,
        itemLabel: (item) => item.value,
        validation: { length: { min: field.min } },
      });
    // Picked among the French entries of the collection, so only existing slugs.
    case "ref":
      return fields.relationship({ label, description: field.help, collection: cmsCollection(field.collection as EntryCollection, "fr"), validation: { isRequired: !field.optional } });
    case "group":
      return fields.object(formFields(field.fields), { label });
    case "rows":
      return fields.array(fields.object(formFields(field.fields)), {
        label,
        itemLabel: (row) =>
          Object.values(row.fields)
            .map((f) => String((f as { value: unknown }).value ?? ""))
            .join(" "),
        validation: { length: { min: field.min } },
      });
  }
}

function formFields(modelFields: Fields): Record<string, ComponentSchema> {
  return Object.fromEntries(Object.entries(modelFields).map(([key, field]) => [key, formField(key, field)]));
}

/** An entry's form: `title` also makes the file name (the page's address), then the body. */
function entrySchema(name: EntryCollection, lang: Lang) {
  const { title, ...rest } = CONTENT[name].fields as Fields & { title: Field };
  if (title.kind !== "text") throw new Error(`${name}: title is a text field`);
  return {
    title: fields.slug({
      name: { label: `${title.label} (title)`, description: title.help, validation: { length: { min: title.min, max: title.max } } },
      slug: {
        label: "Adresse de la page (nom du fichier)",
        description:
          lang === "fr"
            ? "Ne la changez plus une fois publiée : liens et base de données en dépendent. / Never change it once published."
            : "Celle de la version française, par ex. genie-civil. / The French file's name, e.g. genie-civil.",
        validation: { pattern: SLUG },
      },
    }),
    ...formFields(rest),
    body: fields.markdoc({
      label: "Texte (body)",
      extension: "md",
      // Uploaded images go into the repository beside the code, where the build optimises them.
      options: { image: { directory: `src/assets/content/${name}`, publicPath: `../../../assets/content/${name}/` } },
    }),
  };
}

function entryCollection(name: EntryCollection, lang: Lang) {
  return collection({
    label: `${CONTENT[name].label[lang]} · ${lang.toUpperCase()}`,
    path: `src/content/${name}/${lang}/*`,
    slugField: "title",
    format: { contentField: "body" },
    entryLayout: "content",
    previewUrl: previewPath(name, lang, "{slug}"),
    schema: entrySchema(name, lang),
  });
}

export function cmsConfig(env: Record<string, string | undefined>) {
  const collections = Object.fromEntries(ENTRY_COLLECTIONS.flatMap((name) => LANGS.map((lang) => [cmsCollection(name, lang), entryCollection(name, lang)])));
  return config({
    storage: cmsStorage(env),
    locale: "fr-FR",
    ui: {
      brand: { name: "Université en ligne — contenu" },
      navigation: {
        ...Object.fromEntries(ENTRY_COLLECTIONS.map((name) => [`${CONTENT[name].label.fr} / ${CONTENT[name].label.en}`, LANGS.map((lang) => cmsCollection(name, lang))])),
        [`${CONTENT.site.label.fr} / ${CONTENT.site.label.en}`]: ["site"],
      },
    },
    collections,
    singletons: {
      site: singleton({
        label: CONTENT.site.label.fr,
        path: `src/content/${CONTENT.site.file}`,
        format: { data: "yaml" },
        previewUrl: CONTENT.site.page,
        schema: formFields(CONTENT.site.fields),
      }),
    },
  });
}
