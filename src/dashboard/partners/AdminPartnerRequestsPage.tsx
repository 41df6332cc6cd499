// /admin/harvard-online: the queue of enrolment requests for partner courses, paged on the
// server and filtered by course and status; approve (one or a selection, all or none),
// waitlist or reject with a reason; seats per course in view, and a clear message when a
// course is full (the database refuses the approval, nothing changes). CSV export.
import { lazy, Suspense, useState } from "react";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { PARTNER_REQUEST_STATUSES, type PartnerRequestStatus } from "../../lib/forms/partner-courses.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import { hrefTo } from "../paths.ts";
import { useRouteTitle } from "../links.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { toastError } from "../ui/toast.ts";
import { useServerTable } from "../ui/useServerTable.ts";
import { decideRequests, fetchAllRequests, fetchRequestsPage, listPartnerCourses, SeatsFullError, type PartnerRequest } from "./data.ts";
import { partnersMessages } from "./messages.ts";

// The reason form (react-hook-form) loads with the dialog, on the click that opens it.
const RejectDialog = lazy(() => import("./RejectRequestDialog.tsx"));

const TONES: Record<PartnerRequestStatus, Tone> = { requested: "info", approved: "success", waitlisted: "warning", rejected: "danger", withdrawn: "neutral" };
const undecided = (r: PartnerRequest) => r.status === "requested" || r.status === "waitlisted";

export default function AdminPartnerRequestsPage() {
  const m = useMessages(partnersMessages);
  const locale = useLocale();
  const courses = useScheduleQuery(["partner-courses"], () => listPartnerCourses(getSupabase()));
  const table = useServerTable({ key: "requests", fetchPage: (query) => fetchRequestsPage(getSupabase(), query) });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [note, setNote] = useState("");
  const [alert, setAlert] = useState("");
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<PartnerRequest | null>(null);
  const nameOf = (r: PartnerRequest) => r.student?.full_name ?? "—";

  const decide = async (ids: string[], decision: "approved" | "waitlisted" | "rejected", reason?: string) => {
    setBusy(true);
    setNote("");
    setAlert("");
    try {
      const n = await decideRequests(getSupabase(), ids, decision, reason);
      setNote(countOf(locale, m.decided, n));
      setSelected(new Set());
    } catch (error) {
      if (error instanceof SeatsFullError) setAlert(fill(m.seatsFull, { taken: error.taken, total: error.seats }));
      else toastError(error);
    } finally {
      setBusy(false);
      table.retry();
      courses.retry();
    }
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: DataColumn<PartnerRequest>[] = [
    {
      id: "select",
      header: "",
      cell: (r) => (undecided(r) ? <Checkbox label={<span className="sr-only">{fill(m.select, { name: nameOf(r) })}</span>} value={selected.has(r.id)} onChange={(on) => toggle(r.id, on)} /> : null),
      csv: () => "",
    },
    { id: "student", header: m.student, cell: (r) => <span className="font-medium">{nameOf(r)}</span>, csv: nameOf },
    { id: "course", header: m.course, cell: (r) => `${r.course.code} · ${r.course.title}`, csv: (r) => r.course.code },
    {
      id: "motivation",
      header: m.motivation,
      cell: (r) => <span className="line-clamp-3 block max-w-sm text-sm">{r.motivation}</span>,
      csv: (r) => r.motivation,
    },
    { id: "created", header: m.requestedOn, sortable: true, cell: (r) => formatDate(locale, r.created_at, "short"), csv: (r) => formatDate(locale, r.created_at, "short") },
    {
      id: "status",
      header: m.status,
      sortable: true,
      cell: (r) => (
        <>
          <Badge tone={TONES[r.status]}>{m.statuses[r.status]}</Badge>
          {r.rejection_reason && <span className="mt-1 block text-xs text-gray-700">{fill(m.reason, { reason: r.rejection_reason })}</span>}
        </>
      ),
      csv: (r) => m.statuses[r.status] + (r.rejection_reason ? ` (${r.rejection_reason})` : ""),
    },
    {
      id: "decision",
      header: m.decision,
      cell: (r) =>
        undecided(r) ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" isDisabled={busy} onPress={() => void decide([r.id], "approved")}>
              {m.approve}
              <span className="sr-only"> : {nameOf(r)}</span>
            </Button>
            {r.status === "requested" && (
              <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => void decide([r.id], "waitlisted")}>
                {m.waitlist}
                <span className="sr-only"> : {nameOf(r)}</span>
              </Button>
            )}
            <Button size="sm" variant="danger" isDisabled={busy} onPress={() => setRejecting(r)}>
              {m.reject}
              <span className="sr-only"> : {nameOf(r)}</span>
            </Button>
          </div>
        ) : null,
      csv: () => "",
    },
  ];

  const filterCourse = table.query.filters.course ?? "";
  const shown = (courses.data ?? []).filter((c) => !filterCourse || c.id === filterCourse);
  return (
    <div className="space-y-4">
      <PageHeader title={useRouteTitle("admin.harvard-online.requests")} description={m.requestsIntro} actions={<LinkButton href={hrefTo(locale, "admin.harvard-online")}>{m.toCourses}</LinkButton>} />
      <section aria-labelledby="seat-summary" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="seat-summary" className="text-base font-semibold text-brand-900">
          {m.seatSummary}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="seat-summary">
          {shown.map((c) => (
            <li key={c.id}>
              <span className="font-semibold">{c.code}</span> : <span className="tabular-nums">{countOf(locale, m.seats, c.seats, { taken: formatNumber(locale, c.approved) })}</span>
              {c.approved >= c.seats && (
                <Badge tone="warning" className="ml-1">
                  {m.full}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      </section>
      <div role="alert" className="text-sm font-semibold text-red-800 empty:hidden">
        {alert}
      </div>
      <p role="status" className="text-sm font-semibold text-green-800">
        {note}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button isDisabled={selected.size === 0 || busy} onPress={() => void decide([...selected], "approved")}>
          {fill(m.approveSelected, { n: selected.size })}
        </Button>
        <p className="text-sm text-gray-700">{m.selectionHint}</p>
      </div>
      <DataTable
        caption={m.queue}
        captionHidden
        columns={columns}
        {...table.tableProps}
        onQueryChange={(q) => {
          setSelected(new Set());
          table.setQuery(q);
        }}
        getRowId={(r) => r.id}
        fetchAll={() => fetchAllRequests(getSupabase(), table.query)}
        csvFileName={m.csvName}
        empty={<EmptyState headingLevel={3} title={m.noRequests} />}
        filters={
          <>
            <FilterSelect
              label={m.course}
              allLabel={m.allCourses}
              value={filterCourse}
              onChange={(v) => table.setFilter("course", v)}
              options={(courses.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.title}` }))}
              testId="filter-course"
            />
            <FilterSelect
              label={m.status}
              allLabel={m.allStatuses}
              value={table.query.filters.status ?? ""}
              onChange={(v) => table.setFilter("status", v)}
              options={PARTNER_REQUEST_STATUSES.map((s) => ({ value: s, label: m.statuses[s] }))}
              testId="filter-status"
            />
          </>
        }
      />
      {rejecting && (
        <Suspense fallback={<DialogLoading />}>
          <RejectDialog
            name={nameOf(rejecting)}
            onClose={() => setRejecting(null)}
            onReject={async (values) => {
              setRejecting(null);
              await decide([rejecting.id], "rejected", values.reason);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
