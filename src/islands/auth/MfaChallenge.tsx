// The second-factor step inside the dashboard (its guard): supabase-js and the dashboard's
// i18next strings. The sign-in page uses ./MfaChallengeForm.tsx with the auth-only client.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useTranslations } from "../../lib/i18n.ts";
import type { Locale } from "../../lib/locales.ts";
import MfaChallengeForm from "./MfaChallengeForm.tsx";

export default function MfaChallenge({ locale, onVerified, onCancel }: { locale: Locale; onVerified: () => void; onCancel?: () => void }) {
  const t = useTranslations(locale);
  return <MfaChallengeForm auth={() => getSupabase().auth} t={(key) => t(key)} onVerified={onVerified} onCancel={onCancel} />;
}
