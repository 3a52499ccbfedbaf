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
import { hashPassword, passwordMatches, spendPasswordCheck } from "./passwords.ts";
import type { AccountRepository, CustomerRow, LoginCounter } from "./repository.ts";
import type { Customer } from "./schemas.ts";

/** A signed-in customer and the token for the session cookie. */
export interface SignedIn {
  customer: Customer;
  token: string;
}

function toCustomer(row: CustomerRow): Customer {
  return { ...row, locale: resolveLocale(row.locale) };
}

/** A login refused before its password was checked; `retryAfterSeconds` is for the Retry-After header. */
export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "LOGIN_TEMPORARILY_LOCKED", `Too many wrong passwords. Try again in ${describeWait(retryAfterSeconds)} or reset your password.`, "credentials");
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

export function createAccountService(repo: AccountRepository, clock: () => Date) {
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
  async function countLoginAttempt(keys: LoginKeys): Promise<void> {
    const now = clock();
    const started: LoginCounter[] = [];
    await repo.loginCountersInTransaction(async (tx) => {
      for (const [counter, throttle] of loginThrottles) {
        const failures = await tx.countLoginAttempt(counter, keys[counter], now, afterCountedAttempt(1, now, throttle).expiresAt);
        if (failures === undefined) {
          const nextAttemptAt = (await tx.loginNextAttemptAt(counter, keys[counter])) ?? now;
          throw new LoginThrottledError(retryAfterSeconds(nextAttemptAt, now));
        }
        if (failures === 1) started.push(counter);
        const times = afterCountedAttempt(failures, now, throttle);
        if (times.nextAttemptAt > now) await tx.setLoginWait(counter, keys[counter], times);
      }
    });
    // Rows are only added when a counter starts, so deleting a few expired ones then keeps the tables bounded.
    for (const counter of started) await repo.deleteExpiredLoginCounters(counter, now);
  }

  return {
    async register(input: { email: string; password: string; locale: Locale }, previousToken?: string): Promise<SignedIn> {
      const created = await repo.insertCustomer({ email: normalizeEmail(input.email), passwordHash: await hashPassword(input.password), locale: input.locale });
      if (!created) throw new AppError(409, "EMAIL_ALREADY_REGISTERED", "There is already an account with this e-mail address. Log in instead.", "email");
      return startSession(created, previousToken);
    },

    async login(input: { email: string; password: string }, clientAddress: string, previousToken?: string): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      const keys = loginKeys(email, clientAddress);
      await countLoginAttempt(keys);
      const account = await repo.findForLogin(email);
      const refused = new AppError(401, "INVALID_CREDENTIALS", "E-mail address or password is wrong.", "credentials");
      if (!account?.passwordHash) {
        await spendPasswordCheck(input.password);
        throw refused;
      }
      // A wrong password needs no further write: the attempt was counted before the check.
      if (!(await passwordMatches(account.passwordHash, input.password))) throw refused;
      await repo.forgetSuccessfulAttempt(keys);
      return startSession(account, previousToken);
    },

    async customerOfToken(token: string | undefined): Promise<Customer | null> {
      if (!token) return null;
      const row = await repo.customerOfSession(hashToken(token), clock());
      return row ? toCustomer(row) : null;
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(hashToken(token));
    },

    async updateLocale(customer: Customer, locale: Locale): Promise<Customer> {
      await repo.updateLocale(customer.uuid, locale);
      return { ...customer, locale };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
