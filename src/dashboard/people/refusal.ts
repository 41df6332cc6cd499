// The admin-users function's refusals (not_admin, mfa_required, own_admin_role…) in the
// feature's words; anything else gets the SPEC §8 generic message.
import { useMessages } from "../i18n.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { AdminUsersError } from "./data.ts";
import { peopleMessages } from "./messages.ts";

export function useRefusalText(): (error: unknown) => string {
  const m = useMessages(peopleMessages);
  const generic = useErrorMessage();
  return (error) => {
    if (error instanceof AdminUsersError && error.code in m.errors && error.code !== "server_error") return m.errors[error.code as keyof typeof m.errors];
    return generic(error);
  };
}

/** A refusal worth explaining above the table (not a network or server failure). */
export function isRefusal(error: unknown): boolean {
  return error instanceof AdminUsersError && !["network", "server_error"].includes(error.code);
}
