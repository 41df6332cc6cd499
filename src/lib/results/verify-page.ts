// The relevé verification page's script: one call to verify_transcript with the code in the
// URL, then the answer in words (no framework: the page stays a few KB).
interface Strings {
  checking: string; valid: string; superseded: string; unknown: string; missing: string; error: string;
  number: string; holder: string; semester: string; session: string; date: string; institution: string; normal: string; resit: string;
}

interface Verified {
  number: string; holder: string | null; semester_fr: string | null; semester_en: string | null; academic_year: string | null;
  session: "normal" | "resit"; issued_at: string; institution: string | null; valid: boolean;
}

export async function verifyTranscriptOnPage(root: HTMLElement): Promise<void> {
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
    const response = await fetch(`${root.dataset.url}/rest/v1/rpc/verify_transcript`, {
      method: "POST",
      headers: { apikey: root.dataset.key ?? "", "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return show(s.error, "bad");
    const doc = ((await response.json()) as Verified[])[0];
    if (!doc) return show(s.unknown, "bad");
    show(doc.valid ? s.valid : s.superseded, doc.valid ? "ok" : "bad");
    const intl = locale === "fr" ? "fr-FR" : "en-GB";
    const date = new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "Africa/Douala" }).format(new Date(doc.issued_at));
    const semester = [locale === "en" ? doc.semester_en : doc.semester_fr, doc.academic_year].filter(Boolean).join(" ");
    const entries: [string, string | null][] = [
      [s.number, doc.number], [s.holder, doc.holder], [s.semester, semester], [s.session, doc.session === "resit" ? s.resit : s.normal],
      [s.date, date], [s.institution, doc.institution],
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
