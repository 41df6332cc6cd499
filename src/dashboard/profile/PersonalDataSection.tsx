// "Download my data" (portability, DOMAIN §4) and the privacy notice.
import { useState } from "react";
import { downloadBlob } from "../../lib/download.ts";
import { localizedPath } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { toastError } from "../ui/toast.ts";
import { exportMyData } from "./data.ts";
import { profileMessages } from "./messages.ts";

export default function PersonalDataSection() {
  const m = useMessages(profileMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await exportMyData(getSupabase());
      downloadBlob(`${locale === "en" ? "my-data" : "mes-donnees"}-${new Date().toISOString().slice(0, 10)}.json`, new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.data.title} description={m.data.intro} testId="personal-data" className="mt-6">
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" onPress={() => void download()} isPending={busy}>
          {m.data.download}
        </Button>
        <a href={localizedPath(locale, "/privacy")} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          {m.data.privacy}
        </a>
      </div>
    </Card>
  );
}
