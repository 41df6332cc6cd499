// Removing a verified factor: the auth service wants an aal2 session (GoTrue:
// insufficient_aal), and a browser confirm() proved nothing. So the dialog asks for a code
// from that very factor (challenge + verify, which also lifts the session to aal2), then
// removes it. Whoever lost the phone is pointed to the registrar (admin factor reset).
import { useState, type SubmitEvent } from "react";
import type { Factor } from "@supabase/supabase-js";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { codeSchema, fieldErrors } from "../../lib/forms/auth.ts";
import { explain, type ShownError } from "../../islands/auth/errors.ts";
import { Field, FormAlert } from "../../islands/auth/ui.tsx";
import { fill, useMessages, useT } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { profileMessages } from "./messages.ts";

export default function RemoveFactorDialog({ factor, onClose, onRemoved }: { factor: Factor | null; onClose: () => void; onRemoved: () => void }) {
  const m = useMessages(profileMessages);
  const t = useT();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!factor) return;
    const parsed = codeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (!parsed.success) return setCodeError(t(fieldErrors(parsed.error).code));
    setCodeError(undefined);
    setFormError(null);
    setBusy(true);
    try {
      const auth = getSupabase().auth;
      const verified = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: parsed.data.code });
      if (verified.error) {
        const code = (verified.error as { code?: string }).code;
        return code === "mfa_verification_failed" ? setCodeError(t("mfa.errors.invalidCode")) : setFormError(explain(t, verified.error));
      }
      const removed = await auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) return setFormError(explain(t, removed.error));
      onRemoved();
    } catch (thrown) {
      setFormError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen={factor !== null} onOpenChange={(open) => !open && onClose()} title={fill(m.factors.removeTitle, { name: factor?.friendly_name ?? "" })} role="alertdialog">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy} data-testid="remove-factor">
        <p className="text-sm">{m.factors.removeIntro}</p>
        <FormAlert message={formError?.message ?? null} items={formError?.items} />
        <Field id="mfa-remove-code" name="code" label={t("auth.fields.code")} inputMode="numeric" autoComplete="one-time-code" error={codeError} />
        <p className="text-sm text-gray-600">{m.factors.lostPhone}</p>
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.factors.cancel}
          </Button>
          <Button type="submit" variant="danger" isPending={busy}>
            {m.factors.removeSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
