// MFA (TOTP) through supabase-js against the local stack: enrol, challenge, verify to aal2,
// aal/amr claims, factors on the user, refresh keeping aal2, unenrol rules.
import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInAs, signUpConfirmed, useLocalStack } from "../fixtures/stack.ts";
import { totpCode, verifyTotp, base32Encode, base32Decode } from "../../supabase/local/auth/totp.ts";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";

const stack = useLocalStack();
const teacher = DEMO_ACCOUNTS.find((a) => a.role === "teacher")!;

async function newUser(email: string, password = "Mot-De-Passe-Solide-42"): Promise<SupabaseClient> {
  await signUpConfirmed(stack(), email, password, { full_name: "MFA Test" });
  return signInAs(stack(), email, password);
}

const claimsOf = async (client: SupabaseClient) => decodeJwt((await client.auth.getSession()).data.session!.access_token);

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC 6238 SHA1 test vectors", () => {
    const secret = base32Encode(Buffer.from("12345678901234567890"));
    expect(base32Decode(secret).toString()).toBe("12345678901234567890");
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(secret, 2_000_000_000_000)).toBe("279037");
    expect(verifyTotp(secret, "287082", 59_000 + 30_000)).toBe(true);
    expect(verifyTotp(secret, "287082", 59_000 + 90_000)).toBe(false);
  });
});

describe("multi-factor authentication on the local stack", () => {
  it("issues aal1 tokens with amr like GoTrue", async () => {
    const client = await signInAs(stack(), teacher.email, teacher.password);
    const claims = await claimsOf(client);
    expect(claims.aal).toBe("aal1");
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toEqual({ currentLevel: "aal1", nextLevel: "aal1", currentAuthenticationMethods: [{ method: "password", timestamp: expect.any(Number) }] });
  });

  it("enrols a TOTP factor with a QR code, verifies it and reaches aal2", async () => {
    const client = await newUser("mfa.one@example.cm");
    const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Mon téléphone" });
    expect(error).toBeNull();
    expect(enrolled!.type).toBe("totp");
    expect(enrolled!.friendly_name).toBe("Mon téléphone");
    expect(enrolled!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(enrolled!.totp.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);

    const unverified = await client.auth.mfa.listFactors();
    expect(unverified.data!.all).toHaveLength(1);
    expect(unverified.data!.totp).toHaveLength(0);

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(challenge).toMatchObject({ id: expect.any(String), type: "totp", expires_at: expect.any(Number) });
    const wrong = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: "000000" === totpCode(enrolled!.totp.secret) ? "111111" : "000000" });
    expect(wrong.error?.code).toBe("mfa_verification_failed");

    // A failed attempt spends its challenge: the right code needs a new one.
    const reused = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: totpCode(enrolled!.totp.secret) });
    expect(reused.error?.code).toBe("mfa_challenge_expired");
    const { data: fresh } = await client.auth.mfa.challenge({ factorId: enrolled!.id });

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data: verified, error: verifyError } = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: fresh!.id, code: totpCode(enrolled!.totp.secret) });
    expect(verifyError).toBeNull();
    expect(verified!.user.factors).toEqual([expect.objectContaining({ id: enrolled!.id, status: "verified", factor_type: "totp" })]);
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const claims = await claimsOf(client);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(["password", "totp"]);

    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => f.id)).toEqual([enrolled!.id]);

    // The session stays usable at aal2 after a refresh, and for data calls.
    const { data: refreshed, error: refreshError } = await client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(decodeJwt(refreshed.session!.access_token).aal).toBe("aal2");
    const { error: readError } = await client.from("profiles").select("full_name");
    expect(readError).toBeNull();
  });

  it("challenges a user with a verified factor at sign-in before aal2", async () => {
    const setup = await newUser("mfa.two@example.cm");
    const { data: enrolled } = await setup.auth.mfa.enroll({ factorType: "totp", friendlyName: "Authy" });
    await setup.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) });

    const client = await signInAs(stack(), "mfa.two@example.cm", "Mot-De-Passe-Solide-42");
    const { data: before } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    // A second factor needs aal2; removing the verified one too.
    const second = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Autre" });
    expect(second.error?.code).toBe("insufficient_aal");
    const early = await client.auth.mfa.unenroll({ factorId: enrolled!.id });
    expect(early.error?.code).toBe("insufficient_aal");

    // The code that verified the enrolment cannot be replayed; the next one (30 s later) works.
    const replay = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) });
    expect(replay.error?.code).toBe("mfa_verification_failed");
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret, Date.now() + 30_000) });
    expect(error).toBeNull();
    const { data: after } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });

    const duplicate = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Authy" });
    expect(duplicate.error?.code).toBe("mfa_factor_name_conflict");

    const removed = await client.auth.mfa.unenroll({ factorId: enrolled!.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: enrolled!.id });
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it("refuses factor calls without a signed-in user and other users' factors", async () => {
    const anonymous = await fetch(`${stack().url}/auth/v1/factors`, {
      method: "POST",
      headers: { apikey: stack().keys.publishableKey, "content-type": "application/json" },
      body: JSON.stringify({ factor_type: "totp" }),
    });
    expect(anonymous.status).toBe(401);
    const owner = await newUser("mfa.three@example.cm");
    const { data: enrolled } = await owner.auth.mfa.enroll({ factorType: "totp", friendlyName: "X" });
    const other = await signInAs(stack(), teacher.email, teacher.password);
    const { error } = await other.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(error?.status).toBe(404);
    const phone = await owner.auth.mfa.enroll({ factorType: "phone", phone: "+237671234567" });
    expect(phone.error?.status).toBe(422);
  });
  it("pauses verification after 5 wrong codes, so six digits cannot be guessed", async () => {
    const client = await newUser("mfa.guess@example.cm");
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Guess" });
    const right = totpCode(enrolled!.totp.secret);
    const wrongCode = (n: number) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, "0");
    for (let n = 0; n < 5; n++) {
      const { error } = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: wrongCode(n) });
      expect(error?.code).toBe("mfa_verification_failed");
    }
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: right });
    expect(error?.code).toBe("over_request_rate_limit");
  });
});
