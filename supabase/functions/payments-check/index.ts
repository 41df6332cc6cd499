// "Vérifier maintenant" / "Check now": POST /functions/v1/payments-check { payment_id }
// with the caller's token. The payer (student, or applicant for an application fee) or an
// admin (at the assurance level admin functions require) asks the operator about one open
// mobile-money payment now, instead of waiting for the callback or the worker's next
// tick; the answer is recorded by settle_payment (credits once, however many ask). The
// operator is asked at most once every 10 seconds per payment (429 too_soon otherwise).
// Answers { status, failure_reason, credited }.
import { z } from "zod";
import { providersFromEnv, recheckPayment } from "../../../src/lib/finance/payments.ts";
import { CORS, authenticateAdmin, authenticateUser, envVars, fail, recordFunctionError, reply, serviceClient } from "../_shared/admin.ts";

const body = z.object({ payment_id: z.uuid() });
// too_soon: the operator was asked about this payment less than 10 seconds ago.
const CHECK_STATUS = { not_found: 404, cannot_check: 409, provider_unavailable: 503, too_soon: 429 } as const;

export default async function paymentsCheck(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const caller = await authenticateUser(request, service);
    if (caller instanceof Response) return caller;
    const { user } = caller;
    const parsed = body.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    );
    if (!parsed.success) return fail(400, "invalid_request");

    const { data: payment, error } = await service.from("payments").select("id, student_id, application_id").eq("id", parsed.data.payment_id).maybeSingle();
    if (error) throw error;
    let mine = !!payment && payment.student_id === user.id;
    if (payment && !mine && payment.application_id) {
      const { data: app } = await service.from("applications").select("applicant_id").eq("id", payment.application_id).maybeSingle();
      mine = app?.applicant_id === user.id;
    }
    if (!mine) {
      // Anyone else must be an admin at the required level; a stranger learns nothing.
      const caller = await authenticateAdmin(request, service);
      if (caller instanceof Response) return caller.status === 403 ? fail(404, "not_found") : caller;
      if (!payment) return fail(404, "not_found");
    }

    const providers = providersFromEnv(envVars());
    if (providers.problem) {
      await recordFunctionError(service, "payments-check", new Error(providers.problem)).catch(() => undefined);
      return fail(503, "payments_not_configured");
    }
    const result = await recheckPayment(service, providers, parsed.data.payment_id);
    if ("error" in result) return fail(CHECK_STATUS[result.error], result.error);
    return reply(200, result);
  } catch (failure) {
    await recordFunctionError(service, "payments-check", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(paymentsCheck);
