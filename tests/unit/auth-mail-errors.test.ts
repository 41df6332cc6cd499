// Rate-limit answers say the wait in the page's language, never GoTrue's English; a failed
// e-mailed link is recognised from its fragment.
import { describe, expect, it } from "vitest";
import fr from "../../src/i18n/fr.json";
import en from "../../src/i18n/en.json";
import { createTranslate, type Messages } from "../../src/lib/translate.ts";
import { explain, failedAuthLink } from "../../src/islands/auth/errors.ts";
import { retryAfterSeconds } from "../../src/lib/auth/messages.ts";

const gotrue = (seconds: number) => ({ status: 429, code: "over_email_send_rate_limit", message: `For security purposes, you can only request this after ${seconds} seconds.` });

describe("rate-limit answers", () => {
  it("read GoTrue's wait", () => {
    expect(retryAfterSeconds(gotrue(53))).toBe(53);
    expect(retryAfterSeconds({ status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" })).toBeNull();
    expect(retryAfterSeconds({ status: 400, code: "invalid_credentials", message: "after 5 seconds" })).toBeNull();
  });

  it("say it in French and English, singular and plural", () => {
    const tf = createTranslate(fr as unknown as Messages, "fr");
    const te = createTranslate(en as unknown as Messages, "en");
    expect(explain(tf, gotrue(53)).message).toBe("Vous pourrez demander un nouveau code dans 53 secondes.");
    expect(explain(tf, gotrue(1)).message).toBe("Vous pourrez demander un nouveau code dans 1 seconde.");
    expect(explain(te, gotrue(53)).message).toBe("You can ask for a new code in 53 seconds.");
    expect(explain(te, gotrue(1)).message).toBe("You can ask for a new code in 1 second.");
    expect(explain(tf, { status: 429, code: "over_request_rate_limit", message: "x" }).message).toBe(fr.auth.errors.rateLimited);
  });
});

describe("failed e-mailed links", () => {
  it("are told from the fragment or the query", () => {
    expect(failedAuthLink("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired")).toBe(true);
    expect(failedAuthLink("", "?error=access_denied&error_code=otp_expired")).toBe(true);
    expect(failedAuthLink("#access_token=x&type=invite")).toBe(false);
    expect(failedAuthLink("")).toBe(false);
  });
});
