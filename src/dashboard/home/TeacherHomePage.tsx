// The teacher's home: today's classes, the work waiting for a mark, what is unread.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { formatNumber } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countUnread } from "../shared/unread-notifications-data.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import Greeting from "../ui/Greeting.tsx";
import { Block, Figure } from "./Block.tsx";
import { useRouteHref } from "../links.ts";
import { countUnreadMessages, countWorkToGrade } from "./data.ts";
import { homeMessages } from "./messages.ts";
import TodaysClasses from "./TodaysClasses.tsx";

export default function TeacherHomePage() {
  const locale = useLocale();
  const m = useMessages(homeMessages);
  const { userId } = useSignedIn();
  const stores = useMemo(
    () => ({
      toGrade: createFetcherStore<number>(["home-to-grade", userId], { fetcher: () => countWorkToGrade(getSupabase(), userId) }),
      unread: createFetcherStore<number>(["home-unread-notifications", userId], { fetcher: () => countUnread(getSupabase(), userId) }),
      messages: createFetcherStore<number>(["home-unread-messages", userId], { fetcher: () => countUnreadMessages(getSupabase()) }),
    }),
    [userId],
  );
  const toGrade = useStore(stores.toGrade);
  const unread = useStore(stores.unread);
  const messages = useStore(stores.messages);
  return (
    <>
      <Greeting />
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <TodaysClasses teacherId={userId} scheduleRoute="teacher.schedule" />
        <Block title={m.workToGrade} link={useRouteHref("teacher.assignments")} state={toGrade} onRetry={() => stores.toGrade.revalidate()}>
          {(n) => <Figure value={formatNumber(locale, n)} hint={m.workToGradeHint} />}
        </Block>
        <Block title={m.messages} link={useRouteHref("teacher.messages")} state={messages} onRetry={() => stores.messages.revalidate()}>
          {(n) => <Figure value={formatNumber(locale, n)} />}
        </Block>
        <Block title={m.notifications} link={useRouteHref("teacher.notifications")} state={unread} onRetry={() => stores.unread.revalidate()}>
          {(n) => <Figure value={formatNumber(locale, n)} />}
        </Block>
      </div>
    </>
  );
}
