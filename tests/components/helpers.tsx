// Shared by the component tests: render inside the dashboard's language context, and run
// axe-core on the page (WCAG 2.x A and AA rules).
import type { ReactNode } from "react";
import axe from "axe-core";
import { expect } from "vitest";
import { render } from "vitest-browser-react";
import { LocaleContext, provideStrings } from "../../src/dashboard/i18n.ts";
import { DASHBOARD_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import type { Locale } from "../../src/lib/locales.ts";

export function renderKit(ui: ReactNode, locale: Locale = "fr") {
  document.documentElement.lang = locale;
  provideStrings(messagesFor(locale, DASHBOARD_MESSAGE_PATHS), locale);
  return render(
    <LocaleContext.Provider value={locale}>
      <main>{ui}</main>
    </LocaleContext.Provider>,
  );
}

/** Fails with the rule ids and targets of every A/AA violation on the page. */
export async function expectNoAxeViolations(context: axe.ElementContext = document): Promise<void> {
  const result = await axe.run(context, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    resultTypes: ["violations"],
  });
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found).toEqual([]);
}
