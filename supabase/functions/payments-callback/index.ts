// Where payment operators call back: POST /functions/v1/payments-callback[?provider=…].
// No user token: the call is proven by its signature (the simulator's HMAC header; for MTN,
// the HMAC token we put in the callback URL, since MTN signs nothing). Then the provider is
// asked for the payment's status and only its answer is recorded: a forged or replayed
// callback credits nothing, a repeated one credits once (settle_payment). Every call,
// accepted or refused, leaves a line in payment_callback_log (handleCallback). Deploy with
// `--no-verify-jwt`: operators send no Supabase key.
import { handleCallback, providersFromEnv } from "../../../src/lib/finance/payments.ts";
import { CORS, fail, recordFunctionError, reply, serviceClient, envVars } from "../_shared/admin.ts";

export default async function paymentsCallback(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST" && request.method !== "PUT") return fail(405, "method_not_allowed");
  const service = serviceClient();
  try {
    const body = (await request.text()).slice(0, 20_000);
    const providers = providersFromEnv(envVars());
    if (providers.problem) {
      await recordFunctionError(service, "payments-callback", new Error(providers.problem)).catch(() => undefined);
      return fail(503, "payments_not_configured");
    }
    const result = await handleCallback(service, providers, { url: request.url, headers: request.headers, body });
    if (result.status !== 200) return fail(result.status, result.error);
    return reply(200, { status: result.settled.status, credited: result.settled.credited });
  } catch (failure) {
    await recordFunctionError(service, "payments-callback", failure).catch(() => undefined);
    return fail(500, "server_error");
  }
}

const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Promise<Response>): void } }).Deno;
deno?.serve(paymentsCallback);
