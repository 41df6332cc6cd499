// Disabling an account, or resetting its second factor (which asks why: the reason is
// audited), confirmed before the admin-users function is called; its refusal is shown in
// the dialog (SPEC §8).
import { useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { resetMfa, setDisabled, type Account } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidatePeople } from "../ui/query.ts";

export interface Pending {
  kind: "disable" | "resetMfa";
  account: Account;
}

export default function AccountConfirmDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const m = useMessages(peopleMessages);
  const refusal = useRefusalText();
  const [reason, setReason] = useState("");
  const name = pending.account.full_name || pending.account.email || "";
  return (
    <ConfirmDialog
      title={pending.kind === "resetMfa" ? m.users.confirm.resetMfaTitle : m.users.confirm.disableTitle}
      confirmLabel={m.users.confirm.confirm}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={async () => {
        // Checked by the function too; said here before the request.
        if (pending.kind === "resetMfa" && reason.trim().length < 10) throw new Error(m.users.confirm.reasonRequired);
        try {
          if (pending.kind === "disable") await setDisabled(getSupabase(), pending.account.id, true);
          else await resetMfa(getSupabase(), pending.account.id, reason.trim());
        } catch (error) {
          throw new Error(refusal(error));
        }
        showToast({ title: fill(pending.kind === "disable" ? m.users.done.disabled : m.users.done.resetMfa, { name }), variant: "success" });
        invalidatePeople();
      }}
    >
      <p>{fill(pending.kind === "resetMfa" ? m.users.confirm.resetMfaBody : m.users.confirm.disableBody, { name })}</p>
      {pending.kind === "resetMfa" && (
        <TextArea className="mt-4" label={m.users.confirm.reasonLabel} description={m.users.confirm.reasonHelp} value={reason} onChange={setReason} rows={3} maxLength={500} />
      )}
    </ConfirmDialog>
  );
}
