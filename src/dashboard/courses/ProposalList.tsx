// A list of course proposals with their status and decision; the teacher withdraws a
// pending one of its own, an admin approves or refuses (with a reason) a pending one.
import type { ReactNode } from "react";
import { formatDate } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Badge } from "../ui/Badge.tsx";
import type { Proposal } from "./data.ts";
import { proposalMessages } from "./proposal-messages.ts";

export function ProposalList({ proposals, actions }: { proposals: Proposal[]; actions: (p: Proposal) => ReactNode }) {
  const m = useMessages(proposalMessages);
  const locale = useLocale();
  if (!proposals.length) return <p className="text-gray-700">{m.none}</p>;
  return (
    <ul className="divide-y divide-gray-100" data-testid="proposals">
      {proposals.map((p) => (
        <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
          <div>
            <p className="font-medium text-gray-900">
              <span className="font-mono">{p.code}</span> — {p.title} <Badge tone={p.status === "approved" ? "success" : p.status === "rejected" ? "danger" : "warning"}>{m.status[p.status]}</Badge>
            </p>
            <p className="text-sm text-gray-700">
              {locale === "fr" ? p.school.name_fr : p.school.name_en} · {p.semester ? (locale === "fr" ? p.semester.name_fr : p.semester.name_en) : m.noSemester} ·{" "}
              {countOf(locale, m.credit, p.credits)} · {formatDate(locale, p.created_at)}
              {p.proposer && <> · {fill(m.by, { name: p.proposer.full_name })}</>}
            </p>
            {p.description && <p className="mt-1 line-clamp-3 text-sm text-gray-800">{p.description}</p>}
            {p.decision_note && <p className="mt-1 text-sm text-gray-800">{fill(m.reason, { note: p.decision_note })}</p>}
          </div>
          <div className="flex gap-1">{actions(p)}</div>
        </li>
      ))}
    </ul>
  );
}
