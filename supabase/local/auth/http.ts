// GoTrue's JSON conventions: errors as { code, error_code, msg } (what supabase-js reads).
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function authError(status: number, errorCode: string, msg: string): Response {
  return json({ code: status, error_code: errorCode, msg }, status, { "x-sb-error-code": errorCode });
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const value = (await request.json()) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const AUTH_PREFIX = "/auth/v1";
