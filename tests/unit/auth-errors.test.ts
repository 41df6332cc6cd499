import { describe, expect, it } from "vitest";
import fr from "../../src/i18n/fr.json";
import en from "../../src/i18n/en.json";
import {
  AUTH_INIT_ERROR,
  GUARD_MESSAGES,
  HANDLED_AUTH_ERROR_CODES,
  LOGOUT_TOASTS,
  MESSAGE_KEYS,
  MISSING_IDENTIFIER_MESSAGE,
  TOKEN_MESSAGES,
  classifyError,
  isRetryable,
} from "../../src/lib/errors/index.ts";
import { authErrorKey, weakPasswordReasonKeys } from "../../src/lib/auth/messages.ts";
import { useTranslations } from "../../src/lib/i18n.ts";

const tfr = useTranslations("fr");
const ten = useTranslations("en");

describe("SPEC §8 messages, exact wording", () => {
  it("logout toasts", () => {
    expect(LOGOUT_TOASTS.success).toEqual({ title: "Déconnexion réussie", description: "Votre session est bien fermée." });
    expect(LOGOUT_TOASTS.failure).toEqual({ title: "Erreur de déconnexion", description: "Une erreur est survenue lors de la déconnexion." });
    expect(fr.errors.logout).toMatchObject({
      successTitle: LOGOUT_TOASTS.success.title,
      successBody: LOGOUT_TOASTS.success.description,
      failureTitle: LOGOUT_TOASTS.failure.title,
      failureBody: LOGOUT_TOASTS.failure.description,
    });
    expect(en.errors.logout.error).toBe("Error during logout");
  });

  it("initialisation failure, guard and identifier messages", () => {
    expect(AUTH_INIT_ERROR).toBe("Erreur d'initialisation de l'authentification");
    expect(fr.errors.init).toBe(AUTH_INIT_ERROR);
    expect(GUARD_MESSAGES).toEqual({ authError: "Erreur d'authentification", loginRequired: "Connexion requise" });
    expect(fr.guard.authErrorTitle).toBe(GUARD_MESSAGES.authError);
    expect(fr.guard.loginRequiredTitle).toBe(GUARD_MESSAGES.loginRequired);
    expect(MISSING_IDENTIFIER_MESSAGE).toBe("You must provide either an email or phone number and a password");
    expect(en.auth.errors.missingIdentifier).toBe(MISSING_IDENTIFIER_MESSAGE);
  });

  it("token messages and handled service codes", () => {
    expect(Object.values(TOKEN_MESSAGES)).toEqual(["Invalid alg claim", "JWKS is empty", "No matching signing key found in JWKS", "Invalid JWT signature"]);
    expect(HANDLED_AUTH_ERROR_CODES).toEqual(["weak_password", "session_not_found", "identity_already_exists", "identity_not_found", "single_identity_not_deletable"]);
    for (const code of HANDLED_AUTH_ERROR_CODES) {
      const key = authErrorKey({ code });
      expect(key).not.toBe("auth.errors.unknown");
      expect(tfr(key)).not.toBe(key);
      expect(ten(key)).not.toBe(key);
    }
  });

  it("generic and success messages exist in both languages", () => {
    for (const key of MESSAGE_KEYS.generic) for (const t of [tfr, ten]) expect(t(`errors.generic.${key}`)).not.toMatch(/^errors\./);
    for (const key of MESSAGE_KEYS.success) for (const t of [tfr, ten]) expect(t(`errors.success.${key}`)).not.toMatch(/^errors\./);
    expect(en.errors.generic.network).toBe("Network connection error");
    expect(en.errors.success.login).toBe("Login successful");
  });
});

describe("error screen kinds and retryable failures", () => {
  it("tells network, server, client and unknown errors apart", () => {
    expect(classifyError(new TypeError("Failed to fetch"))).toEqual({ kind: "network" });
    for (const s of [500, 501, 502, 503, 504]) expect(classifyError(new Error(`Request failed with status ${s}`))).toEqual({ kind: "server" });
    expect(classifyError(Object.assign(new Error("Loading chunk 7 failed"), { name: "ChunkLoadError" }))).toEqual({ kind: "client", reason: "chunk" });
    expect(classifyError(new TypeError("Failed to fetch dynamically imported module: /_astro/x.js"))).toEqual({ kind: "client", reason: "chunk" });
    expect(classifyError(new Error("Update needed"))).toEqual({ kind: "client", reason: "update" });
    expect(classifyError(new Error("boom"))).toEqual({ kind: "unknown" });
  });

  it("retries 502, 503, 504 and network failures only", () => {
    for (const status of [502, 503, 504]) expect(isRetryable({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 422, 500]) expect(isRetryable({ status })).toBe(false);
    expect(isRetryable(Object.assign(new Error("x"), { name: "AuthRetryableFetchError", status: 0 }))).toBe(true);
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
  });
});

describe("weak password reasons", () => {
  it("map each server reason to a message in the user's language", () => {
    expect(weakPasswordReasonKeys(["length", "characters", "pwned", "other"])).toEqual([
      "auth.errors.weakReasons.length",
      "auth.errors.weakReasons.characters",
      "auth.errors.weakReasons.pwned",
      "auth.errors.weakReasons.unknown",
    ]);
    expect(tfr("auth.errors.weakReasons.length")).toBe("il est trop court");
    expect(ten("auth.errors.weakReasons.length")).toBe("it is too short");
  });
});
