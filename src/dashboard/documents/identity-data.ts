// The registrar's record of a student's identity (what documents print) and the requests
// to correct it: the only file of the feature naming those tables and functions. RLS shows
// a student only its own; admins see all, and decide.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { throwIfError } from "../../lib/supabase/fail.ts";

const identityRow = z.object({
  student_id: z.string(),
  legal_name: z.string(),
  birth_date: z.nullable(z.string()),
  birth_place: z.nullable(z.string()),
  source: z.enum(["application", "registration", "registrar"]),
  updated_at: z.string(),
});
export type StudentIdentity = z.infer<typeof identityRow>;

const requestRow = z.object({
  id: z.string(),
  student_id: z.string(),
  legal_name: z.string(),
  birth_date: z.nullable(z.string()),
  birth_place: z.nullable(z.string()),
  reason: z.string(),
  status: z.enum(["pending", "approved", "rejected", "withdrawn"]),
  requested_at: z.string(),
  decided_at: z.nullable(z.string()),
  decision_note: z.nullable(z.string()),
});
export type CorrectionRequest = z.infer<typeof requestRow>;

export interface IdentityProposal {
  legal_name: string;
  birth_date: string | null;
  birth_place: string | null;
  reason: string;
}

/** My record (null when the registrar has none yet) and my requests, newest first. */
export async function fetchMyIdentity(supabase: SupabaseClient, userId: string): Promise<{ identity: StudentIdentity | null; requests: CorrectionRequest[] }> {
  const [identity, requests] = await Promise.all([
    supabase.from("student_identities").select("student_id, legal_name, birth_date, birth_place, source, updated_at").eq("student_id", userId).maybeSingle(),
    supabase
      .from("identity_correction_requests")
      .select("id, student_id, legal_name, birth_date, birth_place, reason, status, requested_at, decided_at, decision_note")
      .eq("student_id", userId)
      .order("requested_at", { ascending: false })
      .limit(20),
  ]);
  throwIfError(identity.error);
  throwIfError(requests.error);
  return { identity: identity.data ? identityRow.parse(identity.data) : null, requests: z.array(requestRow).parse(requests.data) };
}

export async function requestCorrection(supabase: SupabaseClient, proposal: IdentityProposal): Promise<void> {
  const { error } = await supabase.rpc("request_identity_correction", proposal);
  throwIfError(error);
}

export async function withdrawCorrection(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.rpc("withdraw_identity_correction", { request: id });
  throwIfError(error);
}

const pendingRow = z.object({
  ...requestRow.shape,
  current: z.object({
    legal_name: z.string(),
    birth_date: z.nullable(z.string()),
    birth_place: z.nullable(z.string()),
    profile: z.nullable(z.object({ full_name: z.string() })),
  }),
});
export type PendingCorrection = z.infer<typeof pendingRow>;

/** The registrar's queue: pending requests, oldest first, with the record they would change. */
export async function fetchPendingCorrections(supabase: SupabaseClient): Promise<PendingCorrection[]> {
  const { data, error } = await supabase
    .from("identity_correction_requests")
    .select(
      "id, student_id, legal_name, birth_date, birth_place, reason, status, requested_at, decided_at, decision_note, " +
        "current:student_identities!identity_correction_requests_student_id_fkey(legal_name, birth_date, birth_place, " +
        "profile:profiles!student_identities_student_id_fkey(full_name))",
    )
    .eq("status", "pending")
    .order("requested_at", { ascending: true })
    .limit(100);
  throwIfError(error);
  return z.array(pendingRow).parse(data);
}

export async function decideCorrection(supabase: SupabaseClient, id: string, approve: boolean, note: string | null): Promise<void> {
  const { error } = await supabase.rpc("decide_identity_correction", { request: id, approve, note });
  throwIfError(error);
}
