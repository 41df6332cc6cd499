// student/documents, official documents: my registrations, each with its certificate of
// enrolment to download (numbered on the first download, the same one after). The PDF
// module (pdf-lib, qrcode) loads on the click.
import { useState } from "react";
import { formatDate } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchMyRegistrations, issueCertificate, type MyRegistration } from "../shared/certificates-data.ts";
import { certificateMessages } from "./certificate-messages.ts";

export function EnrolmentCertificates() {
  const m = useMessages(certificateMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const [issued, setIssued] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<string | null>(null);
  const registrations = useScheduleQuery(["my-registrations", userId], () => fetchMyRegistrations(getSupabase(), userId));
  const download = async (r: MyRegistration) => {
    setPending(r.id);
    try {
      const doc = await issueCertificate(getSupabase(), r.id);
      const { downloadCertificate } = await import("../shared/certificate-pdf.ts");
      await downloadCertificate(doc, locale);
      setIssued((s) => ({ ...s, [r.id]: doc.number }));
    } catch (failure) {
      toastError(failure);
    } finally {
      setPending(null);
    }
  };
  const target = (r: MyRegistration) => {
    const names = r.programme ?? r.formation ?? r.extension;
    return [names ? (locale === "en" ? names.name_en : names.name_fr) : null, r.level_code].filter(Boolean).join(" · ");
  };
  return (
    <section aria-labelledby="docs-certificates" data-testid="enrolment-certificates">
      <h3 id="docs-certificates" className="font-semibold text-gray-900">
        {m.title}
      </h3>
      {registrations.error ? (
        <ErrorState error={registrations.error} onRetry={registrations.retry} />
      ) : !registrations.data ? (
        <Skeleton lines={2} />
      ) : registrations.data.length === 0 ? (
        <p className="mt-1 text-gray-700">{m.none}</p>
      ) : (
        <ul className="mt-1 divide-y divide-gray-100">
          {registrations.data.map((r) => {
            const number = issued[r.id] ?? r.certificate;
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{r.year.label}</span> — {target(r)}
                  <span className="block text-sm text-gray-700">
                    {fill(m.registered, { date: formatDate(locale, r.registered_at) })}
                    {number && (
                      <>
                        {" "}
                        · <span className="font-mono">{number}</span>
                      </>
                    )}
                  </span>
                </span>
                {r.status === "active" || number ? (
                  <Button size="sm" variant="secondary" isPending={pending === r.id} onPress={() => download(r)}>
                    {m.download}
                    <span className="sr-only"> {r.year.label}</span>
                  </Button>
                ) : (
                  <span className="text-sm text-gray-700">{m.inactive}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {Object.keys(issued).length > 0 && (
        <p role="status" className="mt-1 text-sm text-green-800">
          {m.done}
        </p>
      )}
    </section>
  );
}
