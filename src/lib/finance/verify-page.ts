// The receipt verification page's script: one call to verify_receipt with the code in the
// URL, then the answer in words (no framework: the page stays a few KB).
interface Strings {
  checking: string; valid: string; cancelled: string; cancellation: string; unknown: string; missing: string; error: string;
  number: string; date: string; amount: string; year: string; item: string; payer: string; institution: string;
}

interface Verified {
  number: string; kind: string; issued_at: string; amount_xaf: number; academic_year: string | null;
  item_fr: string | null; item_en: string | null; payer_initials: string | null; institution: string | null; cancelled_by: string | null;
}

export async function verifyReceiptOnPage(root: HTMLElement): Promise<void> {
  const s = JSON.parse(root.dataset.strings ?? "{}") as Strings;
  const locale = root.dataset.locale === "en" ? "en" : "fr";
  const result = root.querySelector<HTMLElement>("[data-result]")!;
  const facts = root.querySelector<HTMLElement>("[data-facts]")!;
  const code = new URLSearchParams(window.location.search).get("c")?.trim().toLowerCase() ?? "";
  const show = (text: string, tone: "ok" | "bad") => {
    result.textContent = text;
    result.className = `text-lg font-semibold ${tone === "ok" ? "text-green-800" : "text-red-800"}`;
  };
  if (!/^[0-9a-f]{32}$/.test(code)) return show(s.missing, "bad");
  try {
    const response = await fetch(`${root.dataset.url}/rest/v1/rpc/verify_receipt`, {
      method: "POST",
      headers: { apikey: root.dataset.key ?? "", "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return show(s.error, "bad");
    const rows = (await response.json()) as Verified[];
    const receipt = rows[0];
    if (!receipt) return show(s.unknown, "bad");
    const intl = locale === "fr" ? "fr-FR" : "en-GB";
    const money = new Intl.NumberFormat(intl, { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(receipt.amount_xaf);
    const date = new Intl.DateTimeFormat(intl, { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Douala" }).format(new Date(receipt.issued_at));
    const status = receipt.cancelled_by ? s.cancelled.replace("{number}", receipt.cancelled_by)
      : receipt.kind === "cancellation" ? `${s.valid}. ${s.cancellation}` : s.valid;
    show(status, receipt.cancelled_by ? "bad" : "ok");
    const entries: [string, string | null][] = [
      [s.number, receipt.number], [s.date, date], [s.amount, money], [s.year, receipt.academic_year],
      [s.item, locale === "en" ? receipt.item_en : receipt.item_fr], [s.payer, receipt.payer_initials], [s.institution, receipt.institution],
    ];
    facts.replaceChildren(...entries.filter(([, v]) => v).flatMap(([label, value]) => {
      const dt = document.createElement("dt");
      dt.className = "text-sm text-gray-700";
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.className = "font-semibold text-gray-900";
      dd.dataset.fact = label;
      dd.textContent = value;
      return [dt, dd];
    }));
    facts.hidden = false;
  } catch {
    show(s.error, "bad");
  }
}
