// The zoom-meetings function's refusals in the feature's words; anything else gets the
// SPEC §8 generic message.
import { useMessages } from "../i18n.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { ZoomMeetingsError } from "./data.ts";
import { meetingsMessages } from "./messages.ts";

export function useRefusalText(): (error: unknown) => string {
  const m = useMessages(meetingsMessages);
  const generic = useErrorMessage();
  return (error) => {
    if (error instanceof ZoomMeetingsError && error.code in m.errors) return m.errors[error.code as keyof typeof m.errors];
    return generic(error);
  };
}
