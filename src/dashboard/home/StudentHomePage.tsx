// The student's home: today's classes with their join button, the next deadlines, the
// latest published marks and what is unread. Each block opens its page once it exists.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { formatDateTime, formatMark, formatNumber, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countUnread } from "../shared/unread-notifications-data.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { hrefTo } from "../paths.ts";
import Greeting from "../ui/Greeting.tsx";
import { Block, Figure } from "./Block.tsx";
import { useRouteHref } from "../links.ts";
import { countUnreadMessages, fetchBalanceDue, fetchLatestMarks, fetchNextDeadlines, type Deadline, type PublishedMark } from "./data.ts";
import { homeMessages } from "./messages.ts";
import TodaysClasses from "./TodaysClasses.tsx";

export default function StudentHomePage() {
  const locale = useLocale();
  const m = useMessages(homeMessages);
  const { userId } = useSignedIn();
  const stores = useMemo(
    () => ({
      deadlines: createFetcherStore<Deadline[]>(["home-deadlines", userId], { fetcher: () => fetchNextDeadlines(getSupabase(), new Date(), userId) }),
      marks: createFetcherStore<PublishedMark[]>(["home-marks", userId], { fetcher: () => fetchLatestMarks(getSupabase(), userId) }),
      unread: createFetcherStore<number>(["home-unread-notifications", userId], { fetcher: () => countUnread(getSupabase(), userId) }),
      messages: createFetcherStore<number>(["home-unread-messages", userId], { fetcher: () => countUnreadMessages(getSupabase()) }),
      balance: createFetcherStore<number>(["home-balance", userId], { fetcher: () => fetchBalanceDue(getSupabase(), userId) }),
    }),
    [userId],
  );
  const deadlines = useStore(stores.deadlines);
  const marks = useStore(stores.marks);
  const unread = useStore(stores.unread);
  const messages = useStore(stores.messages);
  const balance = useStore(stores.balance);
  return (
    <>
      <Greeting />
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <TodaysClasses scheduleRoute="student.schedule" />
        <Block title={m.deadlines} link={useRouteHref("student.assignments")} state={deadlines} onRetry={() => stores.deadlines.revalidate()}>
          {(items) =>
            items.length ? (
              <ul className="divide-y divide-gray-100">
                {items.map((d) => (
                  <li key={`${d.kind}-${d.id}`} className="py-2">
                    <p className="font-medium text-gray-900">
                      {d.kind === "quiz" ? m.quiz : m.assignment} ·{" "}
                      {d.kind === "quiz" ? (
                        <a href={hrefTo(locale, "student.quizzes.take", { quizId: d.id })} className="underline-offset-2 hover:underline">
                          {d.title}
                        </a>
                      ) : (
                        d.title
                      )}
                    </p>
                    <p className="text-sm text-gray-600">
                      {d.course.title} — {fill(d.kind === "quiz" ? m.closes : m.due, { date: formatDateTime(locale, d.at) })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-600">{m.noDeadline}</p>
            )
          }
        </Block>
        <Block title={m.marks} link={useRouteHref("student.grades")} state={marks} onRetry={() => stores.marks.revalidate()}>
          {(items) =>
            items.length ? (
              <ul className="divide-y divide-gray-100" data-testid="latest-marks">
                {items.map((mark) => (
                  <li key={mark.id} className="flex items-baseline justify-between gap-3 py-2">
                    <span>
                      <span className="font-medium text-gray-900">{mark.evaluation.course.title}</span>
                      <span className="block text-sm text-gray-600">{mark.evaluation.title}</span>
                    </span>
                    <span className="font-semibold tabular-nums text-gray-900">
                      {mark.status === "absent" ? m.markAbsent : mark.status === "excused" ? m.markExcused : fill(m.markOn20, { mark: formatMark(locale, mark.score ?? 0) })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-600">{m.noMark}</p>
            )
          }
        </Block>
        <Block title={m.balance} link={useRouteHref("student.payments")} state={balance} onRetry={() => stores.balance.revalidate()}>
          {(xaf) => <Figure value={formatXaf(locale, xaf)} hint={xaf === 0 ? m.balanceNone : undefined} />}
        </Block>
        <div className="grid gap-4 sm:grid-cols-2">
          <Block title={m.messages} link={useRouteHref("student.messages")} state={messages} onRetry={() => stores.messages.revalidate()}>
            {(n) => <Figure value={formatNumber(locale, n)} />}
          </Block>
          <Block title={m.notifications} link={useRouteHref("student.notifications")} state={unread} onRetry={() => stores.unread.revalidate()}>
            {(n) => <Figure value={formatNumber(locale, n)} />}
          </Block>
        </div>
      </div>
    </>
  );
}
