// A liveness probe for the functions gateway: GET /functions/v1/health.
export default function health(_request: Request): Response {
  return Response.json({ ok: true, service: "functions" });
}

// On hosted Supabase the Edge Runtime (Deno) runs this file directly.
const deno = (globalThis as { Deno?: { serve(handler: (r: Request) => Response): void } }).Deno;
deno?.serve(health);
