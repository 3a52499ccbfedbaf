/**
 * What mailed links do: reset a forgotten password, prove an address, move the account to a new
 * one; and the signed-in customer's own password and address changes.
 */
import { ACCOUNT_MAIL_LIMIT, normalizeEmail, retryAfterSeconds } from "../../../domain/accounts/accounts.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../tokens.ts";
import type { AccountMailDispatch } from "./account-mails.ts";
import { hashPassword } from "./passwords.ts";
import type { AccountRepository, CustomerRow, TokenPurpose } from "./repository.ts";
import type { Customer } from "./schemas.ts";
import type { SignedIn } from "./service.ts";
import { isUniqueViolation } from "../../../db/errors.ts";

/** What a mail counter counts: per address, except e-mail changes, which count per account. */
type MailPurpose = "password-reset" | "registration" | "verification" | "email-change";

export interface CredentialFlowDeps {
  clock: () => Date;
  mails: AccountMailDispatch;
  startSession(customer: CustomerRow, previousToken: string | undefined): Promise<SignedIn>;
  /** The account when the password is right, counted by the login throttle. */
  checkPassword(email: string, password: string, clientAddress: string, reference: string): Promise<CustomerRow | undefined>;
}

/** Too many mails asked for; `retryAfterSeconds` is for the Retry-After header. */
export class MailLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "MAIL_LIMIT_REACHED", "We have sent several mails for this just now. Please wait a little before asking again.");
  }
}

const resetTokenInvalid = () =>
  AppError.badRequest("RESET_TOKEN_INVALID", "This link to set a new password is unknown, used or expired. Ask for a new one.", "body.token");
const verificationTokenInvalid = () =>
  AppError.badRequest("VERIFICATION_TOKEN_INVALID", "This confirmation link is unknown, used or expired. Ask for a new one.", "body.token");
const emailTaken = () => new AppError(409, "EMAIL_ALREADY_REGISTERED", "There is already an account with this e-mail address.", "body.token");

/** Every kind of mailed link that acts on an account: a new password ends them all. */
const ACCOUNT_LINKS: TokenPurpose[] = ["password_reset", "email_verification", "email_change"];

export function createCredentialFlows(repo: AccountRepository, deps: CredentialFlowDeps) {
  const { clock } = deps;
  const expired = (token: { expiresAt: string }, now: Date) => new Date(token.expiresAt) <= now;

  /** Counts one mail asked for: how long to wait when the window's limit is used up, else 0. */
  async function mailWait(purpose: MailPurpose, subject: string): Promise<number> {
    const now = clock();
    const counted = await repo.countMailRequest(hashToken(JSON.stringify([purpose, subject])), now, new Date(now.getTime() + ACCOUNT_MAIL_LIMIT.windowMs));
    if (counted.count === 1) await repo.deleteExpiredMailCounters(now);
    return counted.count > ACCOUNT_MAIL_LIMIT.max ? retryAfterSeconds(new Date(counted.expiresAt), now) : 0;
  }

  /** Refuses unless `password` is the customer's own. */
  async function confirmPassword(customer: Customer, password: string, clientAddress: string, reference: string): Promise<void> {
    const account = await deps.checkPassword(customer.email, password, clientAddress, reference);
    if (account?.uuid !== customer.uuid) throw AppError.badRequest("PASSWORD_INCORRECT", "The password is not right.", reference);
  }

  return {
    async mailAllowed(purpose: MailPurpose, subject: string): Promise<boolean> {
      return (await mailWait(purpose, subject)) === 0;
    },

    /** Mails a reset link when the address has an account; the caller learns nothing either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const address = normalizeEmail(email);
      if ((await mailWait("password-reset", address)) === 0) await deps.mails({ kind: "password-reset", email: address });
    },

    /** Sets the new password, ends every session of the account, and signs in afresh. */
    async resetPassword(token: string, password: string, previousToken: string | undefined): Promise<SignedIn> {
      const tokenHash = hashToken(token);
      const found = await repo.findToken(tokenHash, ["password_reset"]);
      // Checked before hashing the password, so unknown tokens cost no hashing.
      if (!found || expired(found, clock())) throw resetTokenInvalid();
      const passwordHash = await hashPassword(password);
      const account = await repo.transaction(async (tx) => {
        const now = clock();
        const taken = await tx.takeToken(tokenHash, ["password_reset"]);
        if (!taken || expired(taken, now)) return undefined;
        // The link went to this address, which it has now proven.
        const updated = await tx.resetPassword(taken.customerUuid, taken.email, passwordHash, now);
        if (!updated) return undefined;
        await tx.deleteSessions(updated.uuid);
        await tx.deleteTokens(updated.uuid, ACCOUNT_LINKS);
        return updated;
      });
      if (!account) throw resetTokenInvalid();
      return deps.startSession(account, previousToken);
    },

    /**
     * Follows a confirmation link: proves a new account's address, or moves the account to the
     * address it was sent to (then the old address hears of it). Either way it signs in.
     */
    async verifyEmail(token: string, previousToken: string | undefined): Promise<{ status: "email-verified" | "email-changed"; signedIn: SignedIn }> {
      const tokenHash = hashToken(token);
      let outcome: { status: "email-verified" | "email-changed"; account: CustomerRow; oldEmail?: string } | undefined;
      try {
        outcome = await repo.transaction(async (tx) => {
          const now = clock();
          const taken = await tx.takeToken(tokenHash, ["email_verification", "email_change"]);
          if (!taken || expired(taken, now)) return undefined;
          if (taken.purpose === "email_verification") {
            const account = await tx.markVerified(taken.customerUuid, taken.email, now);
            return account && { status: "email-verified" as const, account };
          }
          const before = await tx.lockCustomer(taken.customerUuid);
          if (!before) return undefined;
          // Rolls back, so the link works again should the address become free.
          if (await tx.emailTaken(taken.email, before.uuid)) throw emailTaken();
          const account = await tx.changeEmail(before.uuid, taken.email, now);
          // Links sent to the old address are void now.
          await tx.deleteTokens(before.uuid, ACCOUNT_LINKS);
          return account && { status: "email-changed" as const, account, oldEmail: before.email };
        });
      } catch (err) {
        // Another account took the address between the check and the change.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      if (!outcome) throw verificationTokenInvalid();
      if (outcome.oldEmail && outcome.oldEmail !== outcome.account.email) {
        await deps.mails({ kind: "email-changed", customerUuid: outcome.account.uuid, oldEmail: outcome.oldEmail });
      }
      return { status: outcome.status, signedIn: await deps.startSession(outcome.account, previousToken) };
    },

    /** Another confirmation link for the signed-in customer's address. */
    async requestEmailVerification(customer: Customer): Promise<{ email: string }> {
      if (customer.emailVerified) throw new AppError(409, "EMAIL_ALREADY_VERIFIED", "Your e-mail address is confirmed already.");
      const wait = await mailWait("verification", customer.uuid);
      if (wait) throw new MailLimitError(wait);
      await deps.mails({ kind: "verify-email", customerUuid: customer.uuid });
      return { email: customer.email };
    },

    /** Mails a link to the new address; the account moves there when it is followed. */
    async changeEmail(customer: Customer, input: { email: string; password: string }, clientAddress: string): Promise<{ email: string }> {
      const email = normalizeEmail(input.email);
      if (email === customer.email) throw AppError.badRequest("EMAIL_UNCHANGED", "This is your current e-mail address already.", "body.email");
      await confirmPassword(customer, input.password, clientAddress, "body.password");
      const wait = await mailWait("email-change", customer.uuid);
      if (wait) throw new MailLimitError(wait);
      await deps.mails({ kind: "confirm-new-email", customerUuid: customer.uuid, newEmail: email });
      return { email };
    },

    /** A new password; every other session of the account ends, this one stays. */
    async changePassword(customer: Customer, input: { currentPassword: string; newPassword: string }, clientAddress: string, currentToken: string): Promise<void> {
      await confirmPassword(customer, input.currentPassword, clientAddress, "body.currentPassword");
      const passwordHash = await hashPassword(input.newPassword);
      await repo.transaction(async (tx) => {
        await tx.updatePassword(customer.uuid, passwordHash);
        await tx.deleteSessions(customer.uuid, hashToken(currentToken));
        // A link mailed before (to reset the password, or to move the account to another address) could take the account back.
        await tx.deleteTokens(customer.uuid, ACCOUNT_LINKS);
      });
    },
  };
}
