// The security tab: require a second factor of every admin (security_settings).
import { useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { Switch } from "../ui/Switch.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchOwnMfa, fetchRequireAdminMfa, saveRequireAdminMfa } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { invalidatePeople, usePeopleQuery } from "../ui/query.ts";

export default function SecuritySection() {
  const m = useMessages(peopleMessages);
  const setting = usePeopleQuery(["security-settings"], () => fetchRequireAdminMfa(getSupabase()));
  const own = usePeopleQuery(["own-mfa"], () => fetchOwnMfa(getSupabase()));
  const [saving, setSaving] = useState(false);
  // Only an aal2 session may require it (the database refuses otherwise): an admin without
  // a proven factor would lock themselves out of the admin area.
  const cannotRequire = !setting.data && own.data !== undefined && !own.data.aal2;
  return (
    <Card title={m.users.security.title}>
      {setting.error ? (
        <ErrorState error={setting.error} onRetry={setting.retry} />
      ) : setting.data === undefined ? (
        <Skeleton lines={2} />
      ) : (
        <>
          <Switch
            label={m.users.security.requireLabel}
            description={m.users.security.requireHint}
            value={setting.data}
            isDisabled={saving || cannotRequire}
            onChange={async (required) => {
              setSaving(true);
              try {
                await saveRequireAdminMfa(getSupabase(), required);
                showToast({ title: m.users.security.saved, variant: "success" });
                invalidatePeople();
              } catch (error) {
                toastError(error);
              } finally {
                setSaving(false);
              }
            }}
          />
          {cannotRequire && (
            <p className="mt-2 text-sm text-gray-700" data-testid="mfa-require-needs-aal2">
              {m.users.security.needsAal2}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
