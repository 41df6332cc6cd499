// "Payer les frais" on the applicant's tracking page: POST /functions/v1/application-fee with
// the applicant's token and { application_id, channel, phone }. Checks the application is the
// caller's, submitted, with its fee still due, then opens the payment through the finance
// core (purpose application_fee, its idempotency key stored first) and asks the provider.
// Answers the payment { id, status }. When the payment succeeds (callback or reconciler),
// applications.fee_paid_at is set by the database (20260503000001_application_fee.sql).
import { feePaymentSchema, normalizeCameroonMobile } from "../../../src/lib/admissions/rules.ts";
import { PaymentRefused, providersFromEnv, startPayment } from "../../../src/lib/finance/payments.ts";
import { authenticateUser, CORS, env, envVars, fail, recordFunctionError, reply, serviceClient } from "../_shared/admin.ts";

const PAYABLE = ["submitted", "under_review", "documents_requested", "waitlisted", "admitted"];

export default async function applicationFee(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const caller = await authenticateUser(request, service);
    if (caller instanceof Response) return caller;
    const { user } = caller;
    const parsed = feePaymentSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return fail(400, "invalid_request", { issues: parsed.error.issues.map((i) => i.message) });
    const input = parsed.data;

    const { data: app, error: appError } = await service.from("applications").select("id, applicant_id, status, fee_xaf, fee_paid_at").eq("id", input.application_id).maybeSingle();
    if (appError) throw appError;
    if (!app || app.applicant_id !== user.id) return fail(404, "not_your_application");
    if (!PAYABLE.includes(app.status)) return fail(409, "not_payable");
    if (!app.fee_xaf || app.fee_paid_at) return fail(409, "already_paid");
    // One open payment per application: open_payment decides it under the application's
    // lock (payment_in_progress), as payments-initiate does for a bill line.
    const providers = providersFromEnv(envVars());
    if (providers.problem) {
      await recordFunctionError(service, "application-fee", new Error(providers.problem)).catch(() => undefined);
      return fail(503, "payments_not_configured");
    }
    const provider = providers.forChannel(input.channel);
    if (!provider) return fail(503, "channel_unavailable");
    const payment = await startPayment(service, provider, {
      amountXaf: app.fee_xaf,
      channel: input.channel,
      phone: normalizeCameroonMobile(input.phone),
      message: "Frais de candidature",
      callbackUrl: `${env("SUPABASE_URL")}/functions/v1/payments-callback?apikey=${encodeURIComponent(env("SUPABASE_ANON_KEY"))}`,
      application: app.id,
      purpose: "application_fee",
    });
    return reply(200, { id: payment.id, status: payment.status, failure_reason: payment.failure_reason });
  } catch (failure) {
    if (failure instanceof PaymentRefused) return fail(409, failure.code);
    await recordFunctionError(service, "application-fee", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(applicationFee);
