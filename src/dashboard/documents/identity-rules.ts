// What a correction request must hold before it is sent (the database checks the same).
import type { IdentityProposal } from "./identity-data.ts";

export type ProposalProblem = "legalName" | "birthDate" | "birthPlace" | "reason" | "unchanged";

export interface ProposalInput {
  legal_name: string;
  birth_date: string;
  birth_place: string;
  reason: string;
}

/** The proposal to send, or the fields that are wrong. */
export function checkProposal(
  input: ProposalInput,
  current: { legal_name: string; birth_date: string | null; birth_place: string | null },
  today: string,
): { ok: true; proposal: IdentityProposal } | { ok: false; problems: ProposalProblem[] } {
  const legal_name = input.legal_name.trim().replace(/\s+/g, " ");
  const birth_date = input.birth_date.trim() || null;
  const birth_place = input.birth_place.trim() || null;
  const reason = input.reason.trim();
  const problems: ProposalProblem[] = [];
  if (legal_name.length < 2 || legal_name.length > 200) problems.push("legalName");
  if (birth_date !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(birth_date) || Number.isNaN(Date.parse(birth_date)) || birth_date < "1900-01-01" || birth_date > today)) {
    problems.push("birthDate");
  }
  if (birth_place !== null && birth_place.length > 100) problems.push("birthPlace");
  if (reason.length < 10 || reason.length > 1000) problems.push("reason");
  if (problems.length === 0 && legal_name === current.legal_name && birth_date === current.birth_date && birth_place === current.birth_place) {
    problems.push("unchanged");
  }
  return problems.length ? { ok: false, problems } : { ok: true, proposal: { legal_name, birth_date, birth_place, reason } };
}
