// The public programme pages' fees (ProgrammeFees.astro): one call to published_fees, then
// the schedules as plain HTML (no framework: the page stays a few KB). Amounts in XAF and
// dates through Intl, in the page's language.
import { formatDate, formatXaf } from "../format.ts";
import type { Locale } from "../locales.ts";
import { countOf, type PluralForms } from "../plural.ts";

interface Strings {
  loading: string;
  empty: string;
  error: string;
  registration: string;
  tuition: string;
  penalty: string;
  penaltyRule: PluralForms;
  penaltyRuleNoGrace: string;
  noPenalty: string;
  instalment: string;
  amount: string;
  due: string;
  year: string;
}

export interface PublishedInstalment {
  position: number;
  label_fr: string;
  label_en: string;
  amount_xaf: number;
  due_on: string;
}
export interface PublishedSchedule {
  label_fr: string;
  label_en: string;
  academic_year: string;
  level_fr: string | null;
  level_en: string | null;
  registration_fee_xaf: number;
  tuition_xaf: number;
  late_penalty_xaf: number;
  late_grace_days: number;
  instalments: PublishedInstalment[];
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The late-payment rule in words ("5 000 FCFA par tranche payée plus de 7 jours après son échéance"). */
export function penaltyText(s: Pick<Strings, "penaltyRule" | "penaltyRuleNoGrace" | "noPenalty">, locale: Locale, schedule: Pick<PublishedSchedule, "late_penalty_xaf" | "late_grace_days">): string {
  if (schedule.late_penalty_xaf <= 0) return s.noPenalty;
  const amount = formatXaf(locale, schedule.late_penalty_xaf);
  if (schedule.late_grace_days <= 0) return s.penaltyRuleNoGrace.replace("{amount}", amount);
  return countOf(locale, s.penaltyRule, schedule.late_grace_days, { amount });
}

export function renderSchedule(schedule: PublishedSchedule, s: Strings, locale: Locale): HTMLElement {
  const money = (value: number) => formatXaf(locale, value);
  // a calendar day: noon UTC is that day in Douala
  const day = (value: string) => formatDate(locale, `${value}T12:00:00Z`);
  const card = element("article", "rounded-lg border border-gray-200 bg-white p-5");
  card.dataset.feeSchedule = "";
  card.append(element("h3", "text-lg font-semibold text-gray-900", locale === "en" ? schedule.label_en : schedule.label_fr));
  card.append(element("p", "text-sm text-gray-700", s.year.replace("{year}", schedule.academic_year)));
  const facts = element("dl", "mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm");
  for (const [label, value] of [
    [s.registration, money(schedule.registration_fee_xaf)],
    [s.tuition, money(schedule.tuition_xaf)],
    [s.penalty, penaltyText(s, locale, schedule)],
  ]) {
    facts.append(element("dt", "text-gray-700", label), element("dd", "font-semibold text-gray-900", value));
  }
  card.append(facts);
  if (schedule.instalments.length) {
    const table = element("table", "mt-4 w-full text-left text-sm");
    const head = element("tr", "");
    for (const [label, align] of [
      [s.instalment, ""],
      [s.amount, " text-right"],
      [s.due, ""],
    ]) {
      const th = element("th", `py-1 pr-2${align}`, label);
      th.scope = "col";
      head.append(th);
    }
    table.append(element("thead", ""), element("tbody", "divide-y divide-gray-100"));
    table.tHead!.append(head);
    for (const line of schedule.instalments) {
      const row = element("tr", "");
      const name = element("th", "py-1 pr-2 font-normal", locale === "en" ? line.label_en : line.label_fr);
      name.scope = "row";
      row.append(name, element("td", "py-1 pr-2 text-right tabular-nums", money(line.amount_xaf)), element("td", "py-1", day(line.due_on)));
      table.tBodies[0].append(row);
    }
    card.append(table);
  }
  return card;
}

export async function showProgrammeFees(root: HTMLElement): Promise<void> {
  const s = JSON.parse(root.dataset.strings ?? "{}") as Strings;
  const locale = root.dataset.locale === "en" ? "en" : "fr";
  const status = root.querySelector<HTMLElement>("[data-fees-status]")!;
  const list = root.querySelector<HTMLElement>("[data-fees-list]")!;
  status.textContent = s.loading;
  try {
    const response = await fetch(`${root.dataset.url}/rest/v1/rpc/published_fees`, {
      method: "POST",
      headers: { apikey: root.dataset.key ?? "", "content-type": "application/json" },
      body: JSON.stringify({ kind: root.dataset.kind, slug: root.dataset.slug }),
    });
    if (!response.ok) throw new Error(`published_fees answered ${response.status}`);
    const schedules = (await response.json()) as PublishedSchedule[];
    if (!Array.isArray(schedules) || !schedules.length) {
      status.textContent = s.empty;
      return;
    }
    list.replaceChildren(...schedules.map((schedule) => renderSchedule(schedule, s, locale)));
    status.textContent = "";
    status.className = "sr-only";
  } catch {
    status.textContent = s.error;
    status.className = "mt-3 text-red-800";
  }
}
