import { afterFailedLogin, isLocked, normalizeEmail, SESSION_TTL_MS } from "../../../domain/accounts/accounts.ts";
import { resolveLocale, type Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import { hashToken, newToken } from "../../tokens.ts";
import { hashPassword, passwordMatches, spendPasswordCheck } from "./passwords.ts";
import type { AccountRepository, CustomerRow } from "./repository.ts";
import type { Customer } from "./schemas.ts";

/** A signed-in customer and the token for the session cookie. */
export interface SignedIn {
  customer: Customer;
  token: string;
}

function toCustomer(row: CustomerRow): Customer {
  return { ...row, locale: resolveLocale(row.locale) };
}

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

  return {
    async register(input: { email: string; password: string; locale: Locale }, previousToken?: string): Promise<SignedIn> {
      const created = await repo.insertCustomer({ email: normalizeEmail(input.email), passwordHash: await hashPassword(input.password), locale: input.locale });
      if (!created) throw new AppError(409, "EMAIL_ALREADY_REGISTERED", "There is already an account with this e-mail address. Log in instead.", "email");
      return startSession(created, previousToken);
    },

    async login(input: { email: string; password: string }, previousToken?: string): Promise<SignedIn> {
      const now = clock();
      const account = await repo.findForLogin(normalizeEmail(input.email));
      const refused = new AppError(401, "INVALID_CREDENTIALS", "E-mail address or password is wrong.", "credentials");
      if (!account?.passwordHash) {
        await spendPasswordCheck(input.password);
        throw refused;
      }
      if (isLocked(account.lockedUntil, now)) {
        throw new AppError(429, "LOGIN_TEMPORARILY_LOCKED", "Too many wrong passwords. Try again in 15 minutes or reset your password.", "credentials");
      }
      if (!(await passwordMatches(account.passwordHash, input.password))) {
        await repo.recordLoginOutcome(account.uuid, afterFailedLogin(account.failedLogins, now));
        throw refused;
      }
      if (account.failedLogins > 0 || account.lockedUntil) await repo.recordLoginOutcome(account.uuid, { failedLogins: 0, lockedUntil: null });
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
