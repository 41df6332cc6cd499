// An admin issues (or fetches again) a registration's certificate of enrolment and
// downloads its PDF; the PDF module loads on the click.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { toastError } from "../ui/toast.ts";
import { issueCertificate } from "../shared/certificates-data.ts";
import { reregistrationMessages } from "./reregistration-messages.ts";

export function CertificateButton({ registrationId, name }: { registrationId: string; name: string }) {
  const m = useMessages(reregistrationMessages);
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      isPending={pending}
      onPress={async () => {
        setPending(true);
        try {
          const doc = await issueCertificate(getSupabase(), registrationId);
          const { downloadCertificate } = await import("../shared/certificate-pdf.ts");
          await downloadCertificate(doc, locale);
        } catch (failure) {
          toastError(failure);
        } finally {
          setPending(false);
        }
      }}
    >
      {m.certificate}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
