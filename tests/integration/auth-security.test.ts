// Sign-in that resists abuse without locking users out, and GoTrue's secure password change
// (issue 22, items 4 and 5; security review 2026-11-26 F2, L5). Other clients are real
// other source addresses on the loopback network (127.0.0.2, 127.0.0.3), as the stack
// counts clients by the socket's address.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { lastEmailCode, signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

const stack = useLocalStack({
  auth: {
    rateLimits: {
      failedSignInPerAccount: { max: 3, windowSeconds: 900 },
      failedSignInPerIp: { max: 6, windowSeconds: 900 },
      verifyPerIp: { max: 8, windowSeconds: 300 },
      emailFrequencySeconds: 1,
    },
  },
});
const registrar = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
const student = DEMO_ACCOUNTS.find((a) => a.role === "student")!;

/** POST to the auth API from another source address. */
function postFrom(localAddress: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`${stack().url}/auth/v1${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        localAddress,
        headers: { apikey: stack().keys.publishableKey, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || "{}") }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
const signInFrom = (address: string, email: string, password: string) => postFrom(address, "/token?grant_type=password", { email, password });

describe("failed sign-ins slow the client that fails, not the account's owner", () => {
  it("someone else's failures do not lock the registrar out", async () => {
    const attacker = "127.0.0.2";
    for (let i = 0; i < 3; i++) expect((await signInFrom(attacker, registrar.email, `Faux-${i}-2026`)).body.error_code).toBe("invalid_credentials");
    // The attacker is stopped on that account, even if it now guesses right…
    expect(await signInFrom(attacker, registrar.email, registrar.password)).toMatchObject({ status: 429, body: { error_code: "over_request_rate_limit" } });
    // …while the registrar, on a client that has not failed, signs in.
    await signInAs(stack(), registrar.email, registrar.password);
    // A client that failed once on an account under attack gets no further guesses.
    const other = "127.0.0.4";
    expect((await signInFrom(other, registrar.email, "Encore-Faux-2026")).body.error_code).toBe("invalid_credentials");
    expect((await signInFrom(other, registrar.email, registrar.password)).status).toBe(429);
  });

  it("a password sprayer (many addresses from one client) is slowed; other clients are not", async () => {
    const sprayer = "127.0.0.3";
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await signInFrom(sprayer, `cible.${i}@example.cm`, "Azerty-2026")).status);
    expect(answers.slice(0, 6)).toEqual(Array(6).fill(400));
    expect(answers.slice(6)).toEqual(Array(34).fill(429));
    expect((await signInFrom(sprayer, student.email, student.password)).status).toBe(429);
    await signInAs(stack(), student.email, student.password);
  });
});

describe("one-time codes are verified a limited number of times per client", () => {
  it("a client guessing codes gets 429 over_request_rate_limit after the limit", async () => {
    const guesser = "127.0.0.5";
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await postFrom(guesser, "/verify", { type: "email", email: student.email, token: String(100000 + i) })).status);
    expect(answers.slice(0, 8).every((status) => status >= 400 && status < 429)).toBe(true);
    expect(answers.slice(8)).toEqual([429, 429]);
  });
});

describe("a password change needs the current password (GoTrue's secure password change)", () => {
  it("refuses a change without the current password or with a wrong one, and accepts the right one", async () => {
    const email = "change.mdp@example.cm";
    await signUpConfirmed(stack(), email, "Mot-De-Passe-Ancien-1");
    const client = await signInAs(stack(), email, "Mot-De-Passe-Ancien-1");
    const none = await client.auth.updateUser({ password: "Mot-De-Passe-Neuf-1" });
    expect(none.error).toMatchObject({ status: 400, code: "current_password_required" });
    const wrong = await client.auth.updateUser({ password: "Mot-De-Passe-Neuf-1", current_password: "Pas-Le-Bon-2026" });
    expect(wrong.error).toMatchObject({ status: 400, code: "current_password_invalid" });
    await signInAs(stack(), email, "Mot-De-Passe-Ancien-1"); // still the old one
    const ok = await client.auth.updateUser({ password: "Mot-De-Passe-Neuf-1", current_password: "Mot-De-Passe-Ancien-1" });
    expect(ok.error).toBeNull();
    await signInAs(stack(), email, "Mot-De-Passe-Neuf-1");
    // A second change checks against the hash the first one wrote (lite's $2b$ bcrypt).
    const back = await client.auth.updateUser({ password: "Mot-De-Passe-Ancien-1", current_password: "Mot-De-Passe-Neuf-1" });
    expect(back.error).toBeNull();
  });

  it("a session signed in over 24 hours ago also needs the code e-mailed by reauthenticate, once", async () => {
    const email = "vieille.session@example.cm";
    await signUpConfirmed(stack(), email, "Mot-De-Passe-Ancien-2");
    const client = await signInAs(stack(), email, "Mot-De-Passe-Ancien-2");
    const sessionId = JSON.parse(atob((await client.auth.getSession()).data.session!.access_token.split(".")[1])).session_id;
    await stack().sql("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [sessionId]);
    const change = { password: "Mot-De-Passe-Neuf-2", current_password: "Mot-De-Passe-Ancien-2" };
    expect((await client.auth.updateUser(change)).error).toMatchObject({ status: 400, code: "reauthentication_needed" });
    expect((await client.auth.updateUser({ ...change, nonce: "000000" })).error).toMatchObject({ status: 422, code: "reauthentication_not_valid" });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = lastEmailCode(stack(), email);
    expect((await client.auth.updateUser({ ...change, nonce })).error).toBeNull();
    // the code is spent
    const again = await client.auth.updateUser({ password: "Mot-De-Passe-Neuf-3", current_password: "Mot-De-Passe-Neuf-2", nonce });
    expect(again.error?.code).toBe("reauthentication_not_valid");
  });
});
