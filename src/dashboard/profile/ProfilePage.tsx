// The profile page: two-step verification today.
import { useLocale, useMessages } from "../i18n.ts";
import MfaSettings from "./MfaSettings.tsx";
import { profileMessages } from "./messages.ts";

export default function ProfilePage() {
  const locale = useLocale();
  const m = useMessages(profileMessages);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{m.title}</h1>
      <MfaSettings locale={locale} />
    </>
  );
}
