// What the local stack hands the routes it adds in front of lite (auth extensions, storage
// uploads, realtime), and the auth settings they follow. Its own module so that stack.ts,
// which imports those routes, and the routes, which need these types, import no circle.
import type { App, InMemoryEmailDriver } from "@supabase/lite";
import type { PgliteConnection } from "@supabase/lite/pglite";
import type { LocalKeys } from "./env.ts";
import { DIGITS, LOWER, STAFF_MIN_LENGTH, STAFF_REQUIRED_CHARACTERS, UPPER } from "../functions/_shared/password-policy.ts";

/** A password rule as GoTrue applies it: a minimum length and character classes. */
export interface PasswordRule {
  minLength: number;
  /** Each string is a class: the password needs at least one character of each. */
  requiredCharacters: string[];
  /** Refuse passwords found in a breach list (GoTrue's `pwned` reason); local: a short built-in list. */
  refuseLeaked: boolean;
}

/** Requests allowed per window; `windowSeconds` is the sliding window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface AuthRateLimits {
  /** Password sign-ins and sign-ups per client address (hosted: 30 per 5 minutes). */
  signInPerIp: RateLimit;
  /**
   * Failed password sign-ins on one account (successes are not counted). Past `max`, only
   * the clients that have failed on the account are refused; a client that has not failed
   * (the account's owner) still signs in with the right password.
   */
  failedSignInPerAccount: RateLimit;
  /** Failed password sign-ins from one client address, whatever the accounts (password sprayers). */
  failedSignInPerIp: RateLimit;
  /** One-time codes and links verified (POST /verify) per client address (hosted: 30 per 5 minutes). */
  verifyPerIp: RateLimit;
  /** E-mails asked for (one-time codes, magic links, recovery, resend) per client address. */
  emailPerIp: RateLimit;
  /** Seconds between two e-mails of one kind to one address (GoTrue's smtp max_frequency, 60 s). */
  emailFrequencySeconds: number;
}

/** How local auth behaves where hosted GoTrue is configurable (see docs/local-stack.md). */
export interface LocalAuthOptions {
  /** Self sign-up must follow the e-mailed link before signing in (hosted default: on). */
  emailConfirmations?: boolean;
  /** Seconds a rotated refresh token may still be used (GoTrue's security_refresh_token_reuse_interval). */
  refreshTokenReuseInterval?: number;
  rateLimits?: Partial<AuthRateLimits>;
  /**
   * GoTrue's secure password change (config.toml [auth.email] secure_password_change): a
   * session signed in more than 24 hours ago changes the password only with the nonce
   * e-mailed by /reauthenticate. Default on.
   */
  securePasswordChange?: boolean;
  /**
   * GoTrue's update_password_require_current_password: a password change sends the current
   * password (current_password), except in a recovery session. Default on.
   */
  passwordChangeNeedsCurrent?: boolean;
  /** Everyone's passwords (sign-up, password change, recovery). */
  passwordPolicy?: Partial<PasswordRule>;
  /** Passwords of teachers and admins, when set by an admin or by themselves. */
  staffPasswordPolicy?: Partial<PasswordRule>;
}

export interface AuthSettings {
  emailConfirmations: boolean;
  refreshTokenReuseInterval: number;
  rateLimits: AuthRateLimits;
  securePasswordChange: boolean;
  passwordChangeNeedsCurrent: boolean;
  passwordPolicy: PasswordRule;
  staffPasswordPolicy: PasswordRule;
}

/**
 * The defaults: GoTrue's behaviour with limits generous enough for the test suites, which
 * sign in hundreds of times from 127.0.0.1 (hosted allows 30 sign-ins per 5 minutes per
 * address; tests of the limiter pass small limits).
 */
export function authSettings(options: LocalAuthOptions = {}): AuthSettings {
  return {
    emailConfirmations: options.emailConfirmations ?? true,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    rateLimits: {
      signInPerIp: { max: 1000, windowSeconds: 300 },
      failedSignInPerAccount: { max: 10, windowSeconds: 900 },
      failedSignInPerIp: { max: 30, windowSeconds: 900 },
      verifyPerIp: { max: 1000, windowSeconds: 300 },
      emailPerIp: { max: 300, windowSeconds: 300 },
      emailFrequencySeconds: 60,
      ...options.rateLimits,
    },
    securePasswordChange: options.securePasswordChange ?? true,
    passwordChangeNeedsCurrent: options.passwordChangeNeedsCurrent ?? true,
    passwordPolicy: { minLength: 8, requiredCharacters: [LOWER + UPPER, DIGITS], refuseLeaked: true, ...options.passwordPolicy },
    staffPasswordPolicy: {
      minLength: STAFF_MIN_LENGTH,
      requiredCharacters: STAFF_REQUIRED_CHARACTERS,
      refuseLeaked: true,
      ...options.staffPasswordPolicy,
    },
  };
}

/** What a route added to the local stack may use. */
export interface LocalContext {
  app: App;
  /** The PGlite database, as its owner (bypasses RLS: check access yourself). */
  db: PgliteConnection["driver"];
  keys: LocalKeys;
  emails: InMemoryEmailDriver | undefined;
  auth: AuthSettings;
}

/**
 * A handler for requests lite does not serve; undefined means "not mine". `peer` is the
 * client's address (null in process), for per-address limits.
 */
export type LocalRoute = (request: Request, context: LocalContext, peer?: string | null) => Promise<Response> | undefined;
