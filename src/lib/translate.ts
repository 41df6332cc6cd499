// Interface strings for the browser without i18next: the page passes the strings an island
// needs, in the page's language only (src/lib/i18n-subset.ts), and this looks them up.
// Same rules as the site's i18next setup for what islands use: dotted keys, {{name}}
// values, the key itself when a string is missing.
export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function createTranslate(messages: Messages): Translate {
  return (key, values) => {
    let found: string | Messages | undefined = messages;
    for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
    if (typeof found !== "string") return key;
    return values ? found.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in values ? String(values[name]) : all)) : found;
  };
}
