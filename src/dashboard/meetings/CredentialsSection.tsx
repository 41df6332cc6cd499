// The Zoom Server-to-Server OAuth app: its status (configured, the account id's end, the
// last test), a write-only form (the secret is never read back), a test and a removal.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatDateTime } from "../../lib/format.ts";
import { zoomCredentialsSchema, type ZoomCredentialsForm } from "../../lib/forms/zoom.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { StatusPill } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastSuccess } from "../ui/toast.ts";
import { errorText } from "../ui/styles.ts";
import { clearCredentials, fetchZoomStatus, saveCredentials, testCredentials, type ZoomStatus } from "./data.ts";
import { meetingsMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidateMeetings, useMeetingsQuery } from "../ui/query.ts";

export default function CredentialsSection() {
  const m = useMessages(meetingsMessages);
  const status = useMeetingsQuery(["zoom-status"], () => fetchZoomStatus(getSupabase()));
  return (
    <Card title={m.credentialsTitle} description={m.credentialsHelp} testId="zoom-credentials">
      {status.error ? (
        <ErrorState error={status.error} onRetry={status.retry} />
      ) : !status.data ? (
        <Skeleton lines={4} />
      ) : (
        <div className="flex flex-col gap-6">
          <StatusLine status={status.data} />
          <CredentialsForm configured={status.data.configured} />
        </div>
      )}
    </Card>
  );
}

function StatusLine({ status }: { status: ZoomStatus }) {
  const m = useMessages(meetingsMessages);
  const locale = useLocale();
  if (!status.configured) {
    return (
      <p className="text-sm text-gray-800" data-testid="zoom-status">
        <StatusPill tone="warning">{m.simulated}</StatusPill> {m.notConfigured}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-gray-800" data-testid="zoom-status">
      <p>
        <StatusPill tone="success">{m.configured}</StatusPill> {fill(m.accountEnd, { end: status.account_id_end ?? "" })}
        {status.updated_at && <>, {fill(m.savedOn, { date: formatDateTime(locale, new Date(status.updated_at)) })}</>}
      </p>
      <p>{status.tested_at ? fill(m.lastTest, { result: status.test_ok ? m.testOk : m.testFailed, date: formatDateTime(locale, new Date(status.tested_at)) }) : m.neverTested}</p>
    </div>
  );
}

function SaveButton({ label }: { label: string }) {
  return (
    <Button type="submit" isPending={useFormPending()}>
      {label}
    </Button>
  );
}

function CredentialsForm({ configured }: { configured: boolean }) {
  const m = useMessages(meetingsMessages);
  const refusal = useRefusalText();
  const form = useZodForm(zoomCredentialsSchema, { defaultValues: { account_id: "", client_id: "", client_secret: "" } });
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState(false);

  async function save(values: ZoomCredentialsForm) {
    try {
      await saveCredentials(getSupabase(), values);
      // Write-only: nothing of what was typed stays on the page.
      form.reset({ account_id: "", client_id: "", client_secret: "" });
      setResult(null);
      invalidateMeetings();
      toastSuccess("saved");
    } catch (failure) {
      form.setError("root", { message: refusal(failure) });
    }
  }

  async function test() {
    setTesting(true);
    setResult(null);
    try {
      const answer = await testCredentials(getSupabase());
      setResult({ ok: answer.ok, text: answer.ok ? m.testSucceeded : fill(m.testFailedWith, { message: answer.message }) });
      invalidateMeetings();
    } catch (failure) {
      setResult({ ok: false, text: refusal(failure) });
    } finally {
      setTesting(false);
    }
  }

  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  return (
    <div className="flex flex-col gap-4">
      <Form form={form} onSubmit={save} translateError={translateError} aria-label={m.credentialsTitle}>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField name="account_id">{(field) => <TextField label={m.accountId} isRequired autoComplete="off" maxLength={100} {...field} />}</FormField>
          <FormField name="client_id">{(field) => <TextField label={m.clientId} isRequired autoComplete="off" maxLength={100} {...field} />}</FormField>
          <FormField name="client_secret">
            {(field) => <TextField label={m.clientSecret} type="password" isRequired autoComplete="new-password" maxLength={200} description={m.secretHelp} {...field} />}
          </FormField>
        </div>
        <FormError />
        <div className="flex flex-wrap gap-2">
          <SaveButton label={m.saveCredentials} />
        </div>
      </Form>
      {configured && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => void test()} isPending={testing}>
            {m.test}
          </Button>
          <Button variant="danger" onPress={() => setRemoving(true)}>
            {m.remove}
          </Button>
        </div>
      )}
      {result && (
        <p role="status" className={result.ok ? "text-sm font-medium text-green-800" : errorText} data-testid="zoom-test-result">
          {result.text}
        </p>
      )}
      <ConfirmDialog
        title={m.removeConfirm}
        confirmLabel={m.removeLabel}
        isOpen={removing}
        onOpenChange={setRemoving}
        onConfirm={async () => {
          await clearCredentials(getSupabase());
          setResult(null);
          invalidateMeetings();
          toastSuccess("deleted");
        }}
      >
        {m.removeBody}
      </ConfirmDialog>
    </div>
  );
}
