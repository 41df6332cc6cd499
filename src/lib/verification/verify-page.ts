// The public verification pages' one script (receipts, relevés, certificates of enrolment):
// the code from the URL (?c=, 32 hex digits), one call to the document's verify_* function
// with the publishable key, then the verdict and the few facts it returns, in words. No
// framework: each page stays a few KB.
export type Locale = "fr" | "en";
export type Strings = Record<string, string>;

export interface Verification<Row> {
  /** The database function, e.g. verify_receipt. */
  rpc: string;
  /** The verdict: its words and whether it is good news. */
  verdict: (row: Row, s: Strings) => { text: string; ok: boolean };
  /** Label and value of each fact shown (empty values are left out). */
  facts: (row: Row, s: Strings, intl: string, locale: Locale) => [string, string | null | undefined][];
}

/** The code a verification link carries, or null when it has none that could be valid. */
export function codeOfSearch(search: string): string | null {
  const code = new URLSearchParams(search).get("c")?.trim().toLowerCase() ?? "";
  return /^[0-9a-f]{32}$/.test(code) ? code : null;
}

/** A date (and time) in the reader's language, in Douala's time. */
export function verifiedDate(intl: string, iso: string, withTime = false): string {
  return new Intl.DateTimeFormat(intl, { dateStyle: "long", ...(withTime ? { timeStyle: "short" } : {}), timeZone: "Africa/Douala" }).format(new Date(iso));
}

export async function verifyOnPage<Row>(root: HTMLElement, verification: Verification<Row>): Promise<void> {
  const s = JSON.parse(root.dataset.strings ?? "{}") as Strings;
  const locale: Locale = root.dataset.locale === "en" ? "en" : "fr";
  const intl = locale === "fr" ? "fr-FR" : "en-GB";
  const result = root.querySelector<HTMLElement>("[data-result]")!;
  const facts = root.querySelector<HTMLElement>("[data-facts]")!;
  const show = (text: string, ok: boolean) => {
    result.textContent = text;
    result.className = `text-lg font-semibold ${ok ? "text-green-800" : "text-red-800"}`;
  };
  const code = codeOfSearch(window.location.search);
  if (!code) return show(s.missing, false);
  try {
    const response = await fetch(`${root.dataset.url}/rest/v1/rpc/${verification.rpc}`, {
      method: "POST",
      headers: { apikey: root.dataset.key ?? "", "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return show(s.error, false);
    const row = ((await response.json()) as Row[])[0];
    if (!row) return show(s.unknown, false);
    const verdict = verification.verdict(row, s);
    show(verdict.text, verdict.ok);
    facts.replaceChildren(
      ...verification
        .facts(row, s, intl, locale)
        .filter(([, v]) => v)
        .flatMap(([label, value]) => {
          const dt = document.createElement("dt");
          dt.className = "text-sm text-gray-700";
          dt.textContent = label;
          const dd = document.createElement("dd");
          dd.className = "font-semibold text-gray-900";
          dd.dataset.fact = label;
          dd.textContent = value!;
          return [dt, dd];
        }),
    );
    facts.hidden = false;
  } catch {
    show(s.error, false);
  }
}
