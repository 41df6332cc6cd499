// The admin pages' banner: MFA required (or the admin has a factor) and this session cannot
// manage accounts yet; or, when not required, a nudge to enrol. Links to the profile,
// where the factor is enrolled.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { hrefTo } from "../paths.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { fetchOwnMfa } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { usePeopleQuery } from "../ui/query.ts";

export default function MfaBanner() {
  const m = useMessages(peopleMessages);
  const locale = useLocale();
  const { data } = usePeopleQuery(["own-mfa"], () => fetchOwnMfa(getSupabase()));
  if (!data || data.aal2) return null;
  const text = data.hasFactor ? m.mfaBanner.verify : data.required ? m.mfaBanner.enrol : m.mfaBanner.recommend;
  const strong = data.hasFactor || data.required;
  return (
    <div
      role={strong ? "alert" : "status"}
      data-testid="mfa-banner"
      className={`mb-6 flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between ${strong ? "border-amber-400 bg-amber-50 text-amber-950" : "border-blue-200 bg-blue-50 text-blue-950"}`}
    >
      <p>{text}</p>
      <a href={hrefTo(locale, "admin.profile")} className="shrink-0 font-semibold text-brand-900 underline">
        {m.mfaBanner.link}
      </a>
    </div>
  );
}
