// "Download my data" (portability, DOMAIN §4) and the privacy notice.
import { useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { localizedPath } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { exportMyData } from "./data.ts";
import { profileMessages } from "./messages.ts";
import { Card, secondaryButton, useErrorText } from "./parts.tsx";

export default function PersonalDataSection() {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await exportMyData(getSupabase());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `${locale === "en" ? "my-data" : "mes-donnees"}-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      showToast({ title: errorText(failure), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.data.title} testId="personal-data">
      <p className="mt-1 text-sm text-gray-700">{m.data.intro}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy}>
          {busy ? m.data.downloading : m.data.download}
        </button>
        <a href={localizedPath(locale, "/privacy")} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          {m.data.privacy}
        </a>
      </div>
    </Card>
  );
}
