import {
  ACCOUNT_LOGIN_THROTTLE,
  afterCountedAttempt,
  CLIENT_LOGIN_THROTTLE,
  describeWait,
  type LoginThrottle,
  normalizeEmail,
  retryAfterSeconds,
  SESSION_TTL_MS,
} from "../../../domain/accounts/accounts.ts";
import { resolveLocale, type Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import { hashToken, newToken } from "../../tokens.ts";
import type { AccountMailDispatch } from "./account-mails.ts";
import { createCredentialFlows } from "./credential-flows.ts";
import { hashPassword, passwordMatches, spendPasswordCheck } from "./passwords.ts";
import type { AccountRepository, CustomerBadges, CustomerRow, LoginCounter } from "./repository.ts";
import type { Customer, Profile } from "./schemas.ts";

/** A signed-in customer and the token for the session cookie. */
export interface SignedIn {
  customer: Customer;
  token: string;
}

export function toCustomer(row: CustomerRow): Customer {
  return {
    uuid: row.uuid,
    email: row.email,
    locale: resolveLocale(row.locale),
    createdAt: row.createdAt,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
    emailDeliverable: row.emailUndeliverableAt === null,
    staff: row.staff,
  };
}

/** A login refused before its password was checked; `retryAfterSeconds` is for the Retry-After header. */
export class LoginThrottledError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    reference = "credentials",
  ) {
    super(429, "LOGIN_TEMPORARILY_LOCKED", `Too many wrong passwords. Try again in ${describeWait(retryAfterSeconds)} or reset your password.`, reference);
  }
}

type LoginKeys = Record<LoginCounter, string>;
/** Hashed, so the counters hold neither e-mail nor client address; the same for e-mails with and without an account. */
function loginKeys(email: string, clientAddress: string): LoginKeys {
  return { client: hashToken(JSON.stringify([email, clientAddress])), email: hashToken(email) };
}
// The pair first: an address already waiting for this account must not use up the account's ceiling.
const loginThrottles: [LoginCounter, LoginThrottle][] = [
  ["client", CLIENT_LOGIN_THROTTLE],
  ["email", ACCOUNT_LOGIN_THROTTLE],
];

export interface AccountServiceDeps {
  clock: () => Date;
  mails: AccountMailDispatch;
}

export function createAccountService(repo: AccountRepository, deps: AccountServiceDeps) {
  const { clock } = deps;

  /** A fresh session for every sign-in (the old one, if any, ends), so a planted cookie is worthless. */
  async function startSession(customer: CustomerRow, previousToken: string | undefined): Promise<SignedIn> {
    const now = clock();
    if (previousToken) await repo.deleteSession(hashToken(previousToken));
    await repo.deleteExpiredSessions(customer.uuid, now);
    const token = newToken();
    await repo.insertSession({ tokenHash: hashToken(token), customerUuid: customer.uuid, expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString() });
    return { customer: toCustomer(customer), token };
  }

  /**
   * Counts the attempt on both counters before any password is checked, each in one statement
   * that refuses while the counter's wait runs; both counts or neither (a refusal rolls back).
   */
  async function countLoginAttempt(keys: LoginKeys, reference: string): Promise<void> {
    const now = clock();
    const started: LoginCounter[] = [];
    await repo.loginCountersInTransaction(async (tx) => {
      for (const [counter, throttle] of loginThrottles) {
        const failures = await tx.countLoginAttempt(counter, keys[counter], now, afterCountedAttempt(1, now, throttle).expiresAt);
        if (failures === undefined) {
          const nextAttemptAt = (await tx.loginNextAttemptAt(counter, keys[counter])) ?? now;
          throw new LoginThrottledError(retryAfterSeconds(nextAttemptAt, now), reference);
        }
        if (failures === 1) started.push(counter);
        const times = afterCountedAttempt(failures, now, throttle);
        if (times.nextAttemptAt > now) await tx.setLoginWait(counter, keys[counter], times);
      }
    });
    // Rows are only added when a counter starts, so deleting a few expired ones then keeps the tables bounded.
    for (const counter of started) await repo.deleteExpiredLoginCounters(counter, now);
  }

  /**
   * The account when the password is right, else undefined; every check is counted by the login
   * throttle, whichever form asks (login, or a signed-in customer confirming a change).
   */
  async function checkPassword(email: string, password: string, clientAddress: string, reference: string) {
    const keys = loginKeys(email, clientAddress);
    await countLoginAttempt(keys, reference);
    const account = await repo.findForLogin(email);
    if (!account?.passwordHash) {
      await spendPasswordCheck(password);
      return undefined;
    }
    // A wrong password needs no further write: the attempt was counted before the check.
    if (!(await passwordMatches(account.passwordHash, password))) return undefined;
    await repo.forgetSuccessfulAttempt(keys);
    return account;
  }

  const credentials = createCredentialFlows(repo, { ...deps, startSession, checkPassword });

  return {
    ...credentials,

    /**
     * Creates an unverified account and mails its confirmation link; an address that has an
     * account gets a notice instead. The caller sees no difference, and nobody is signed in.
     */
    async register(input: { email: string; password: string; locale: Locale }): Promise<void> {
      const email = normalizeEmail(input.email);
      // Hashed either way, so the answer takes as long for a taken address.
      const created = await repo.insertCustomer({ email, passwordHash: await hashPassword(input.password), locale: input.locale });
      if (created) await deps.mails({ kind: "verify-email", customerUuid: created.uuid });
      else if (await credentials.mailAllowed("registration", email)) await deps.mails({ kind: "registration-attempt", email });
    },

    async login(input: { email: string; password: string }, clientAddress: string, previousToken?: string): Promise<SignedIn> {
      const account = await checkPassword(normalizeEmail(input.email), input.password, clientAddress, "credentials");
      if (!account) throw new AppError(401, "INVALID_CREDENTIALS", "E-mail address or password is wrong.", "credentials");
      return startSession(account, previousToken);
    },

    /** Starts a session for an account someone else has vouched for (a social login provider). */
    async signInCustomer(customerUuid: string, previousToken: string | undefined): Promise<SignedIn> {
      const account = await repo.findByUuid(customerUuid);
      if (!account) throw new AppError(401, "NOT_AUTHENTICATED", "This account no longer exists.");
      return startSession(account, previousToken);
    },

    /** The session's customer, with the header's badges read in the same statement. */
    async sessionOfToken(token: string | undefined): Promise<{ customer: Customer; badges: CustomerBadges } | null> {
      if (!token) return null;
      const row = await repo.customerOfSession(hashToken(token), clock());
      return row ? { customer: toCustomer(row), badges: { buyAlerts: row.buyAlerts, wishlistItems: row.wishlistItems, cartItems: row.cartItems } } : null;
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(hashToken(token));
    },

    async updateLocale(customer: Customer, locale: Locale): Promise<Customer> {
      await repo.updateLocale(customer.uuid, locale);
      return { ...customer, locale };
    },

    async updateProfile(customer: Customer, input: { firstName?: string | null | undefined; lastName?: string | null | undefined }): Promise<Profile> {
      const profile = { firstName: input.firstName ?? null, lastName: input.lastName ?? null };
      await repo.updateProfile(customer.uuid, profile);
      return profile;
    },

    /** A mail to the address bounced for good (the mail server said so, or the bounce webhook). */
    async markEmailUndeliverable(email: string): Promise<void> {
      await repo.markUndeliverable(normalizeEmail(email), clock());
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
