// One write kept on the device, where the page shows it: its state ("En attente d'envoi",
// sending, "Non envoyé" with the server's answer), when it was queued, what the page adds
// (the work itself, what arriving late means), a way to cancel it while it waits, and for
// a refusal a way to send it again or to give it up — never dropped without its author.
import { useState, type ReactNode } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { fill, useLocale, useMessages } from "../../i18n.ts";
import { StatusPill } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { useErrorMessage } from "../../ui/toast.ts";
import { outboxMessages } from "./messages.ts";
import { discardPending, retryPending } from "./outbox-runtime.ts";
import type { Pending } from "./writes.ts";

export function PendingStatus({ item, children }: { item: Pending; children?: ReactNode }) {
  const m = useMessages(outboxMessages);
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const refused = item.state === "refused";
  return (
    <div className="flex flex-col gap-2" data-testid="pending-write" data-state={item.state}>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
        <span aria-live="polite">
          <StatusPill tone={refused ? "danger" : "warning"}>{refused ? m.refused : item.state === "sending" ? m.sending : m.waiting}</StatusPill>
        </span>
        <time dateTime={item.queuedAt}>{fill(m.queuedAt, { date: formatDateTime(locale, item.queuedAt) })}</time>
      </p>
      {children}
      {refused && item.refusal && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(item.refusal)} — {fill(m.serverSaid, { message: item.refusal.message })}
        </p>
      )}
      {item.state !== "sending" && (
        <div className="flex flex-wrap gap-2">
          {refused && (
            <Button size="sm" onPress={() => void retryPending(item.key)}>
              {m.retry}
            </Button>
          )}
          {confirming ? (
            <>
              <Button size="sm" variant="danger" onPress={() => void discardPending(item.key)}>
                {refused ? m.confirmDiscard : m.confirmCancel}
              </Button>
              <Button size="sm" variant="ghost" onPress={() => setConfirming(false)}>
                {m.keep}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" onPress={() => setConfirming(true)}>
              {refused ? m.discard : m.cancel}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
