// "Payer" on student/payments: POST /functions/v1/payments-initiate with the student's
// token and { student_fee_id, instalment_id (null: the registration fee), channel, phone,
// amount_xaf? }. Finds the line on the caller's own bill, opens the payment (its
// idempotency key stored first), asks the provider and answers the payment { id, status }.
// The page then follows it live (realtime on payments). Whether a payment may open at all
// is decided by open_payment under the line's lock (one open payment per line, never more
// than remains): nothing here checks then inserts. Repeating the request with the same
// Idempotency-Key header answers the same payment; another key on a line with an open
// payment gets 409 payment_in_progress. No provider configured (a hosted project without
// PAYMENTS_PROVIDER): 503 payments_not_configured.
import { payRequestSchema, normalizeMobile } from "../../../src/lib/finance/rules.ts";
import { PaymentRefused, providersFromEnv, startPayment, type Refusal } from "../../../src/lib/finance/payments.ts";
import { authenticateUser, CORS, env, envVars, fail, recordFunctionError, reply, serviceClient } from "../_shared/admin.ts";

const REFUSED: Record<Refusal, 400 | 404 | 409> = {
  payment_in_progress: 409,
  already_paid: 409,
  amount_too_high: 400,
  not_your_bill: 404,
  amount_invalid: 400,
};

export default async function paymentsInitiate(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...CORS, "access-control-allow-headers": `${CORS["access-control-allow-headers"]}, idempotency-key` } });
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const caller = await authenticateUser(request, service);
    if (caller instanceof Response) return caller;
    const { user } = caller;
    const parsed = payRequestSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return fail(400, "invalid_request", { issues: parsed.error.issues.map((i) => i.message) });
    const input = parsed.data;
    const idempotency = request.headers.get("idempotency-key");
    if (idempotency && !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(idempotency)) {
      return fail(400, "invalid_idempotency_key");
    }

    // The line on the caller's own bill: its label, and what remains as the default amount.
    let query = service.from("student_dues").select("remaining_xaf, label_fr").eq("student_id", user.id).eq("student_fee_id", input.student_fee_id);
    query = input.instalment_id ? query.eq("instalment_id", input.instalment_id) : query.is("instalment_id", null);
    const { data: line, error: lineError } = await query.maybeSingle();
    if (lineError) throw lineError;
    if (!line) return fail(404, "not_your_bill");
    const amount = input.amount_xaf ?? Number(line.remaining_xaf);
    if (amount <= 0) return fail(409, "already_paid");

    const providers = providersFromEnv(envVars());
    if (providers.problem) {
      await recordFunctionError(service, "payments-initiate", new Error(providers.problem)).catch(() => undefined);
      return fail(503, "payments_not_configured");
    }
    const provider = providers.forChannel(input.channel);
    if (!provider) return fail(503, "channel_unavailable");

    const { data: registration } = await service
      .from("student_registrations")
      .select("student_number")
      .eq("student_id", user.id)
      .not("student_number", "is", null)
      .order("registered_at", { ascending: false })
      .limit(1)
      .maybeSingle();
    const payment = await startPayment(service, provider, {
      key: idempotency ?? undefined,
      amountXaf: amount,
      channel: input.channel,
      phone: normalizeMobile(input.phone),
      message: `${registration?.student_number ?? ""} ${line.label_fr}`.trim(),
      // The publishable key in the URL opens the local gateway (operators send no header);
      // hosted, the function runs with verify_jwt off and ignores it.
      callbackUrl: `${env("SUPABASE_URL")}/functions/v1/payments-callback?apikey=${encodeURIComponent(env("SUPABASE_ANON_KEY"))}`,
      student: user.id,
      instalment: input.instalment_id,
    });
    return reply(200, { id: payment.id, status: payment.status, failure_reason: payment.failure_reason });
  } catch (failure) {
    if (failure instanceof PaymentRefused) return fail(REFUSED[failure.code], failure.code);
    await recordFunctionError(service, "payments-initiate", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(paymentsInitiate);
