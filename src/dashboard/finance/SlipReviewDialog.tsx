// The bursar looks at a bank slip before deciding (issue 19 item 5): the slip itself (photo
// inline, PDF in the browser's viewer), what the student declared, then approval in two
// steps (approve, then confirm what will be credited). A slip without a file cannot be
// approved. The database decides once however many bursars press at the same time
// (review_bank_slip locks the slip); the loser is told, and the list reloads.
import { useCallback, useEffect, useState } from "react";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { errorText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { reviewSlip, slipFile, type FinancePayment } from "./admin-data.ts";
import { slipReviewMessages } from "./slip-review-messages.ts";

type Preview = { kind: "image" | "pdf"; url: string };

const IMAGE = /^image\/(jpeg|png|webp)$/;

/** Only a PDF or a photo is shown, retyped by us: a file is never rendered as what it claims beyond that. */
function previewOf(blob: Blob, path: string): { kind: "image" | "pdf"; blob: Blob } | null {
  const type = blob.type.split(";")[0].trim().toLowerCase();
  const extension = path.toLowerCase().split(".").pop() ?? "";
  if (type === "application/pdf" || (!type && extension === "pdf")) return { kind: "pdf", blob: new Blob([blob], { type: "application/pdf" }) };
  if (IMAGE.test(type)) return { kind: "image", blob: new Blob([blob], { type }) };
  return null;
}

export default function SlipReviewDialog({
  slip,
  onClose,
  onReject,
  onDecided,
}: {
  slip: FinancePayment;
  onClose: () => void;
  /** The bursar chose to reject: the page asks the reason. */
  onReject: () => void;
  /** Approved, or decided by someone else meanwhile: the page reloads, with this notice. */
  onDecided: (notice: "approved" | "alreadyDecided") => void;
}) {
  const m = useMessages(slipReviewMessages);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = slip.payer_name ?? "";
  const item = (locale === "en" ? slip.item_en : slip.item_fr) ?? "—";

  const load = useCallback(async () => {
    if (!slip.slip_path) return;
    setLoadError(null);
    try {
      const shown = previewOf(await slipFile(getSupabase(), slip.slip_path), slip.slip_path);
      if (!shown) throw Object.assign(new Error("the slip is neither a PDF nor a photo"), { code: "unsupported_type" });
      setPreview({ kind: shown.kind, url: URL.createObjectURL(shown.blob) });
    } catch (error) {
      setLoadError(error);
    }
  }, [slip.slip_path]);
  useEffect(() => void load(), [load]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  async function approve() {
    setSending(true);
    setFailure(null);
    try {
      await reviewSlip(getSupabase(), slip.id, true);
      onDecided("approved");
    } catch (error) {
      const message = (error as Error).message ?? "";
      if (/already decided/.test(message)) return onDecided("alreadyDecided");
      setFailure(/more than the line still owes/.test(message) ? m.overLine : errorMessage(error));
      setConfirming(false);
    } finally {
      setSending(false);
    }
  }

  const canApprove = !!preview;
  return (
    <Dialog title={fill(m.title, { name })} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="flex flex-col gap-4" data-testid="slip-review">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">{m.student} : </dt>
            <dd className="inline">
              {name}
              {slip.matricule ? ` (${slip.matricule})` : ""}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.amount} : </dt>
            <dd className="inline tabular-nums" data-testid="slip-amount">
              {formatXaf(locale, slip.amount_xaf)}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.item} : </dt>
            <dd className="inline">{item}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.reference} : </dt>
            <dd className="inline font-mono">{slip.reference ?? "—"}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{m.declared} : </dt>
            <dd className="inline">{formatDateTime(locale, slip.created_at)}</dd>
          </div>
        </dl>

        {!slip.slip_path ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            {m.noFile}
          </p>
        ) : loadError ? (
          <ErrorState error={loadError} onRetry={() => void load()} />
        ) : !preview ? (
          <Skeleton blocks={1} label={m.loading} />
        ) : preview.kind === "image" ? (
          <img src={preview.url} alt={fill(m.preview, { name, reference: slip.reference ?? "—" })} className="max-h-[60vh] w-full rounded-lg border border-gray-200 object-contain" />
        ) : (
          <div className="flex flex-col gap-2">
            <iframe src={preview.url} title={fill(m.preview, { name, reference: slip.reference ?? "—" })} className="h-[60vh] w-full rounded-lg border border-gray-200" />
            <a href={preview.url} target="_blank" rel="noopener" className="text-sm text-brand-700 underline">
              {m.openPdf}
            </a>
          </div>
        )}

        {failure && (
          <p role="alert" className={errorText}>
            {failure}
          </p>
        )}

        {confirming ? (
          <div role="alertdialog" aria-labelledby="slip-confirm-title" aria-describedby="slip-confirm-body" className="rounded-lg border border-brand-600/30 bg-brand-50 p-3">
            <p id="slip-confirm-title" className="font-semibold text-gray-900">
              {fill(m.confirmTitle, { amount: formatXaf(locale, slip.amount_xaf), name })}
            </p>
            <p id="slip-confirm-body" className="mt-1 text-sm text-gray-800">
              {fill(m.confirmBody, { item })}
            </p>
            <DialogActions>
              <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={sending}>
                {m.back}
              </Button>
              <Button autoFocus isPending={sending} onPress={() => void approve()}>
                {m.confirm}
              </Button>
            </DialogActions>
          </div>
        ) : (
          <>
            {canApprove && <p className="text-sm text-gray-700">{m.check}</p>}
            <DialogActions>
              <Button variant="secondary" onPress={onClose}>
                {m.close}
              </Button>
              <Button variant="danger" onPress={onReject}>
                {m.reject}
              </Button>
              {canApprove && <Button onPress={() => setConfirming(true)}>{m.approve}</Button>}
            </DialogActions>
          </>
        )}
      </div>
    </Dialog>
  );
}
