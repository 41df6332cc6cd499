// HMAC-SHA256 signatures of callbacks (Web Crypto: the same in Node, Deno and browsers).
// The simulator signs its callback body; MTN does not sign callbacks, so the callback URL
// we give MTN carries a token that is the HMAC of the payment key.

const encoder = new TextEncoder();

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function sign(secret: string, payload: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Constant-time comparison of a presented signature with the expected one. */
export async function verify(secret: string, payload: string, presented: string | null | undefined): Promise<boolean> {
  if (!presented || !/^[0-9a-f]{64}$/.test(presented)) return false;
  const expected = await sign(secret, payload);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ presented.charCodeAt(i);
  return diff === 0;
}
