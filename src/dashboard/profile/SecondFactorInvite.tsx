// Invites a student with no second factor to add one (issue 22): a card at the top of the
// profile that leads to the two-step verification section, dismissed for this browser.
import { useEffect, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button, buttonClass } from "../ui/Button.tsx";
import { profileMessages } from "./messages.ts";

const dismissedKey = (userId: string) => `mfa-invite-dismissed:${userId}`;

export default function SecondFactorInvite({ userId }: { userId: string }) {
  const m = useMessages(profileMessages);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (localStorage.getItem(dismissedKey(userId))) return;
    let live = true;
    void getSupabase()
      .auth.mfa.listFactors()
      .then(({ data }) => live && setShown(Boolean(data) && data!.totp.length === 0));
    return () => void (live = false);
  }, [userId]);

  if (!shown) return null;
  return (
    <section aria-labelledby="mfa-invite-title" data-testid="mfa-invite" className="mb-6 rounded-xl border border-gray-200 bg-brand-50 p-4 sm:p-5">
      <h2 id="mfa-invite-title" className="font-bold text-brand-900">
        {m.factors.inviteTitle}
      </h2>
      <p className="mt-1 text-sm text-gray-800">{m.factors.inviteBody}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <a href="#mfa-title" className={buttonClass("primary", "sm")}>
          {m.factors.inviteAction}
        </a>
        <Button
          variant="ghost"
          size="sm"
          onPress={() => {
            localStorage.setItem(dismissedKey(userId), "1");
            setShown(false);
          }}
        >
          {m.factors.inviteDismiss}
        </Button>
      </div>
    </section>
  );
}
