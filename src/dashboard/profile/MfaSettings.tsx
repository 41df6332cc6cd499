// Two-step verification in the profile: enrol a TOTP app (QR code, key, friendly name),
// verify it with a first code, list factors, and remove one with a code from it
// (RemoveFactorDialog) (SPEC §3 factors, §7 /factors).
import { useCallback, useEffect, useState, type SubmitEvent } from "react";
import type { Factor } from "@supabase/supabase-js";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useT } from "../i18n.ts";
import { codeSchema, fieldErrors, mfaEnrollSchema } from "../../lib/forms/auth.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { Field, FormAlert, Submit, primaryButton } from "../../islands/auth/ui.tsx";
import { explain, type ShownError } from "../../islands/auth/errors.ts";
import RemoveFactorDialog from "./RemoveFactorDialog.tsx";

interface Enrolment {
  id: string;
  qr: string;
  secret: string;
}

export default function MfaSettings() {
  const t = useT();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);
  const auth = getSupabase().auth;

  const load = useCallback(async () => {
    const { data, error } = await auth.mfa.listFactors();
    if (error) return setFormError(explain(t, error));
    setFactors(data.all);
  }, [auth, t]);
  useEffect(() => void load(), [load]);

  async function guarded(action: () => Promise<void>) {
    setFormError(null);
    setBusy(true);
    try {
      await action();
    } catch (thrown) {
      setFormError(explain(t, thrown));
    } finally {
      setBusy(false);
    }
  }

  async function onEnroll(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = mfaEnrollSchema.safeParse({ friendlyName: new FormData(event.currentTarget).get("friendlyName") });
    if (!parsed.success) return setErrors({ friendlyName: t(fieldErrors(parsed.error).friendlyName) });
    setErrors({});
    await guarded(async () => {
      // An earlier, never verified attempt would hold the same name: drop it first.
      for (const factor of factors ?? []) if (factor.status === "unverified") await auth.mfa.unenroll({ factorId: factor.id });
      const { data, error } = await auth.mfa.enroll({ factorType: "totp", friendlyName: parsed.data.friendlyName, issuer: t("site.shortName") });
      if (error) return setFormError(explain(t, error));
      setEnrolment({ id: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
    });
  }

  async function onVerify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const parsed = codeSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (!parsed.success) return setErrors({ code: t(fieldErrors(parsed.error).code) });
    setErrors({});
    await guarded(async () => {
      const { error } = await auth.mfa.challengeAndVerify({ factorId: enrolment.id, code: parsed.data.code });
      if (error) return setFormError(explain(t, error));
      setEnrolment(null);
      showToast({ title: t("mfa.enrolled"), variant: "success" });
      await load();
    });
  }

  const [removing, setRemoving] = useState<Factor | null>(null);
  async function onRemoved() {
    setRemoving(null);
    showToast({ title: t("mfa.removed"), variant: "success" });
    await load();
  }

  const verified = (factors ?? []).filter((f) => f.status === "verified");
  return (
    <section className="mt-8 rounded-xl bg-white p-6 shadow" aria-labelledby="mfa-title">
      <h2 id="mfa-title" className="text-xl font-bold text-brand-900">
        {t("mfa.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t("mfa.intro")}</p>
      <div className="mt-4">
        <FormAlert message={formError?.message ?? null} items={formError?.items} />
      </div>
      {factors && verified.length === 0 && !enrolment && <p className="mt-4 text-sm text-gray-600">{t("mfa.none")}</p>}
      {verified.length > 0 && (
        <ul className="mt-4 divide-y divide-gray-200" data-testid="mfa-factors">
          {verified.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between py-3">
              <span>
                <span className="font-medium">{factor.friendly_name}</span> <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">{t("mfa.status.verified")}</span>
              </span>
              <button type="button" disabled={busy} onClick={() => setRemoving(factor)} className="text-sm font-medium text-red-700 hover:underline">
                {t("mfa.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {enrolment ? (
        <form noValidate onSubmit={onVerify} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
          <p className="text-sm text-gray-700">{t("mfa.scan")}</p>
          <img src={enrolment.qr} alt={t("mfa.qrAlt")} width={180} height={180} className="h-44 w-44 self-center" />
          <p className="text-sm">
            {t("mfa.secret")}{" "}
            <code data-testid="mfa-secret" className="break-all rounded bg-gray-100 px-1 font-mono">
              {enrolment.secret}
            </code>
          </p>
          <Field id="mfa-enrol-code" name="code" label={t("auth.fields.code")} inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
          <Submit busy={busy} label={t("mfa.activate")} busyLabel={t("auth.actions.working")} />
        </form>
      ) : (
        <form noValidate onSubmit={onEnroll} className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end" aria-busy={busy}>
          <div className="flex-1">
            <Field id="mfa-name" name="friendlyName" label={t("mfa.factorName")} defaultValue={t("mfa.factorNameDefault")} error={errors.friendlyName} />
          </div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("mfa.start")}
          </button>
        </form>
      )}
      <RemoveFactorDialog factor={removing} onClose={() => setRemoving(null)} onRemoved={() => void onRemoved()} />
    </section>
  );
}
