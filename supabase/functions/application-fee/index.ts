// "Payer les frais" on the applicant's tracking page: POST /functions/v1/application-fee with
// the applicant's token and { application_id, channel, phone }. Checks the application is the
// caller's, submitted, with its fee still due and no payment under way, then opens the
// payment through the finance core (purpose application_fee, its idempotency key stored
// first) and asks the provider (the simulator unless PAYMENTS_PROVIDER=live). Answers the
// payment { id, status }. When the payment succeeds (callback or reconciler),
// applications.fee_paid_at is set by the database (20260503000001_application_fee.sql).
import { feePaymentSchema, normalizeCameroonMobile } from "../../../src/lib/admissions/rules.ts";
import { providersFromEnv, startPayment } from "../../../src/lib/finance/payments.ts";
import { CORS, env, fail, recordFunctionError, reply, serviceClient, envVars } from "../_shared/admin.ts";

// This call's variables (locally: its stack's URL and keys, which process.env does not hold).
const processEnv = envVars;

const PAYABLE = ["submitted", "under_review", "documents_requested", "waitlisted", "admitted"];

export default async function applicationFee(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
    if (!token || token === env("SUPABASE_ANON_KEY") || token.split(".").length !== 3) return fail(401, "not_signed_in");
    const { data: user, error: userError } = await service.auth.getUser(token);
    if (userError || !user.user) return fail(401, "not_signed_in");
    const parsed = feePaymentSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return fail(400, "invalid_request", { issues: parsed.error.issues.map((i) => i.message) });
    const input = parsed.data;

    const { data: app, error: appError } = await service.from("applications")
      .select("id, applicant_id, status, fee_xaf, fee_paid_at").eq("id", input.application_id).maybeSingle();
    if (appError) throw appError;
    if (!app || app.applicant_id !== user.user.id) return fail(404, "not_your_application");
    if (!PAYABLE.includes(app.status)) return fail(409, "not_payable");
    if (!app.fee_xaf || app.fee_paid_at) return fail(409, "already_paid");
    const { data: open, error: openError } = await service.from("payments").select("id")
      .eq("application_id", app.id).eq("purpose", "application_fee").in("status", ["created", "pending"]).limit(1);
    if (openError) throw openError;
    if (open?.length) return fail(409, "payment_in_progress");

    const provider = providersFromEnv(processEnv()).forChannel(input.channel);
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
    await recordFunctionError(service, "application-fee", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(applicationFee);
