// A block that failed to load: the SPEC §8 generic message for the error's class, and
// "Réessayer". The page around it keeps working.
import { useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { uiMessages } from "./messages.ts";
import { useErrorMessage } from "./toast.ts";

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** True while the retry runs. */
  retrying?: boolean;
}

export function ErrorState({ error, onRetry, retrying = false }: ErrorStateProps) {
  const m = useMessages(uiMessages);
  const message = useErrorMessage()(error);
  return (
    <div role="alert" data-testid="error-state" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5">
      <p className="font-semibold">{message}</p>
      {onRetry && (
        <Button variant="secondary" onPress={onRetry} isPending={retrying}>
          {retrying ? m.retrying : m.retry}
        </Button>
      )}
    </div>
  );
}
