// The profile (every role): name and photo, the student's record (read-only), phone,
// language, the data saver (this device), password, two-step verification (students without
// one are invited to add it), and personal data (download, privacy notice).
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import ContactsSection from "./ContactsSection.tsx";
import DataSaverSection from "./DataSaverSection.tsx";
import { fetchOwnContacts } from "./data.ts";
import IdentitySection from "./IdentitySection.tsx";
import LanguageSection from "./LanguageSection.tsx";
import { profileMessages } from "./messages.ts";
import MfaSettings from "./MfaSettings.tsx";
import PasswordSection from "./PasswordSection.tsx";
import PersonalDataSection from "./PersonalDataSection.tsx";
import SecondFactorInvite from "./SecondFactorInvite.tsx";
import { ownProfileStore } from "./store.ts";
import StudentRecordSection from "./StudentRecordSection.tsx";

export default function ProfilePage() {
  const m = useMessages(profileMessages);
  const { userId, roles, session } = useSignedIn();
  const stores = useMemo(
    () => ({
      profile: ownProfileStore(userId),
      contacts: createFetcherStore<{ phone: string | null }>(["contacts", userId], { fetcher: () => fetchOwnContacts(getSupabase(), userId) }),
    }),
    [userId],
  );
  const profile = useStore(stores.profile);
  const contacts = useStore(stores.contacts);
  const error = profile.error ?? contacts.error;
  const ready = profile.data && contacts.data;

  return (
    <>
      <PageHeader title={m.title} />
      {ready ? (
        <>
          {roles.includes("student") && <SecondFactorInvite userId={userId} />}
          <IdentitySection profile={profile.data!} email={session.user.email} onChanged={() => invalidateKeys(`profile${userId}`)} />
          {roles.includes("student") && <StudentRecordSection userId={userId} />}
          <ContactsSection userId={userId} phone={contacts.data!.phone} />
          <LanguageSection userId={userId} preferred={profile.data!.preferred_locale} />
          <DataSaverSection />
          <PasswordSection email={session.user.email} staff={roles.includes("teacher") || roles.includes("admin")} />
          <MfaSettings />
          <PersonalDataSection />
        </>
      ) : error || profile.data === null ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void stores.profile.revalidate();
            void stores.contacts.revalidate();
          }}
        />
      ) : (
        <Skeleton blocks={3} label={m.loading} />
      )}
    </>
  );
}
