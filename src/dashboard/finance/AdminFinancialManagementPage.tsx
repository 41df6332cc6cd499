// admin/financial-management: fee schedules (fees, instalments with due dates, late rule),
// assigning a schedule to its registered students, and discounts with their reason.
// Writes go through RLS (admins) and audited triggers/functions. The list shows first; the
// editor of a schedule and the new-schedule form (with their date pickers) load when one is
// opened (DESIGN §6 weight).
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { searchSchedules, type Schedule } from "./config-data.ts";
import { configMessages } from "./config-messages.ts";

const ScheduleEditor = lazy(() => import("./ScheduleEditor.tsx"));
const NewScheduleForm = lazy(() => import("./NewScheduleForm.tsx").then((module) => ({ default: module.NewScheduleForm })));

export default function AdminFinancialManagementPage() {
  const m = useMessages(configMessages);
  const locale = useLocale();
  const [text, setText] = useState("");
  const [schedules, setSchedules] = useState<Schedule[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<Schedule | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState("");

  const search = useCallback(async (term: string, select?: string) => {
    try {
      const found = await searchSchedules(getSupabase(), term);
      setSchedules(found);
      if (select) setSelected(found.find((s) => s.id === select) ?? null);
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, []);
  useEffect(() => void search(""), [search]);

  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        actions={
          <Button
            onPress={() => {
              setCreating(true);
              setSelected(null);
              setCreated("");
            }}
          >
            {m.newSchedule}
          </Button>
        }
      />
      {created && (
        <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {created}
        </p>
      )}
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void search(text);
        }}
      >
        <TextField label={m.search} type="search" value={text} onChange={setText} />
        <Button type="submit" variant="secondary">
          {m.searchButton}
        </Button>
      </form>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card title={m.schedules}>
          {error ? (
            <ErrorState error={error} onRetry={() => void search(text)} />
          ) : !schedules ? (
            <Skeleton label={m.loading} />
          ) : !schedules.length ? (
            <p className="text-sm text-gray-700">{m.none}</p>
          ) : (
            <ul className="max-h-[32rem] divide-y divide-gray-100 overflow-y-auto">
              {schedules.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    <span className="font-medium text-gray-900">{locale === "en" ? s.label_en : s.label_fr}</span>
                    <span className="block text-gray-700">
                      {s.academic_years?.label} · {formatXaf(locale, s.registration_fee_xaf + s.tuition_xaf)}
                      {s.published ? "" : ` · ${m.draft}`}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant={selected?.id === s.id ? "primary" : "secondary"}
                    aria-label={`${m.open} ${locale === "en" ? s.label_en : s.label_fr}`}
                    onPress={() => {
                      setSelected(s);
                      setCreating(false);
                      setCreated("");
                    }}
                  >
                    {m.open}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Suspense fallback={<Skeleton blocks={2} label={m.loading} />}>
          {creating ? (
            <NewScheduleForm
              onCancel={() => setCreating(false)}
              onCreated={(id, label) => {
                setCreating(false);
                setCreated(fill(m.created, { label }));
                setText(label);
                void search(label, id);
              }}
            />
          ) : (
            selected && <ScheduleEditor key={selected.id} schedule={selected} onSaved={() => void search(text)} />
          )}
        </Suspense>
      </div>
    </>
  );
}
