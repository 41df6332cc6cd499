// Every message of SPEC §8 with its exact wording. The French strings below are the
// specification's; the interface shows them through i18n (src/i18n/*.json, keys in
// MESSAGE_KEYS), and tests/unit/auth-errors.test.ts checks that the French file says the same.

/** Toasts of the logout flow (SPEC §8). */
export const LOGOUT_TOASTS = {
  success: { title: "Déconnexion réussie", description: "Votre session est bien fermée." },
  failure: { title: "Erreur de déconnexion", description: "Une erreur est survenue lors de la déconnexion." },
} as const;

export const AUTH_INIT_ERROR = "Erreur d'initialisation de l'authentification";

/** Auth service error codes the interface explains (SPEC §8). */
export const HANDLED_AUTH_ERROR_CODES = ["weak_password", "session_not_found", "identity_already_exists", "identity_not_found", "single_identity_not_deletable"] as const;
export type HandledAuthErrorCode = (typeof HANDLED_AUTH_ERROR_CODES)[number];

/** Token verification messages, as the auth client raises them. */
export const TOKEN_MESSAGES = {
  invalidAlg: "Invalid alg claim",
  jwksEmpty: "JWKS is empty",
  noMatchingKey: "No matching signing key found in JWKS",
  invalidSignature: "Invalid JWT signature",
} as const;

/** SPEC §5: sign-up and sign-in without an identifier. */
export const MISSING_IDENTIFIER_MESSAGE = "You must provide either an email or phone number and a password";

/** Guard messages (SPEC §8). */
export const GUARD_MESSAGES = { authError: "Erreur d'authentification", loginRequired: "Connexion requise" } as const;

/** i18n keys of the generic and success messages (SPEC §8). */
export const MESSAGE_KEYS = {
  generic: ["network", "server", "auth", "validation", "notFound", "forbidden", "unknown"],
  success: ["saved", "created", "updated", "deleted", "sent", "uploaded", "login", "logout", "registration", "loggedOut"],
} as const;
