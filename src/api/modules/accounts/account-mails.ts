/**
 * The account's mails as durable jobs. A job carries no secret: its handler makes the link's
 * token when it sends, so only the token's hash is ever written to the database (the job table
 * included). A retry makes a new token; the one before was never sent.
 */
import type { Config } from "../../../config.ts";
import { ACCOUNT_LINK_PATHS, EMAIL_TOKEN_TTL_MS, PASSWORD_RESET_TTL_MS } from "../../../domain/accounts/accounts.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { hashToken, newToken } from "../../tokens.ts";
import { confirmNewEmailMail, emailChangedMail, passwordResetMail, registrationAttemptMail, verifyEmailMail } from "./account-mail-texts.ts";
import type { AccountRepository, CustomerRow, TokenPurpose } from "./repository.ts";

export const ACCOUNT_MAIL_JOB = "account.mail";

/** What to mail; addresses are lower-cased. */
export type AccountMail =
  /** A reset link, when the address has an account. */
  | { kind: "password-reset"; email: string }
  /** A link that proves the account's current address, unless it is proven already. */
  | { kind: "verify-email"; customerUuid: string }
  /** The address has an account and someone tried to register it again. */
  | { kind: "registration-attempt"; email: string }
  /** A link to the address the customer wants to change to. */
  | { kind: "confirm-new-email"; customerUuid: string; newEmail: string }
  /** The notice to the address the account has left. */
  | { kind: "email-changed"; customerUuid: string; oldEmail: string };

/** Sends an account mail: through the job queue, or at once where there is none. */
export type AccountMailDispatch = (mail: AccountMail) => Promise<void>;

export interface AccountMailDeps {
  config: Pick<Config, "PUBLIC_URL" | "PRODUCT_NAME">;
  /** Marks refused addresses undeliverable (markingUndeliverable). */
  mailer: Mailer;
  clock: () => Date;
}

/** Renders and sends one account mail; what it needs is read when it runs. */
export function createAccountMailHandler(repo: AccountRepository, deps: AccountMailDeps) {
  const product = deps.config.PRODUCT_NAME;
  const link = (path: string, token?: string) => {
    const url = new URL(path, deps.config.PUBLIC_URL);
    if (token) url.searchParams.set("token", token);
    return url.href;
  };

  async function issueToken(customer: CustomerRow, purpose: TokenPurpose, email: string, ttlMs: number): Promise<string> {
    const now = deps.clock();
    await repo.deleteExpiredTokens(now);
    const token = newToken();
    await repo.insertToken({ tokenHash: hashToken(token), purpose, customerUuid: customer.uuid, email, expiresAt: new Date(now.getTime() + ttlMs) });
    return token;
  }

  return {
    async handle(mail: AccountMail): Promise<void> {
      switch (mail.kind) {
        case "password-reset": {
          const account = await repo.findForLogin(mail.email);
          if (!account) return;
          const token = await issueToken(account, "password_reset", account.email, PASSWORD_RESET_TTL_MS);
          await deps.mailer.send({ to: account.email, ...passwordResetMail(resolveLocale(account.locale), { product, link: link(ACCOUNT_LINK_PATHS.passwordReset, token) }) });
          return;
        }
        case "verify-email": {
          const account = await repo.findByUuid(mail.customerUuid);
          if (!account || account.emailVerifiedAt) return;
          const token = await issueToken(account, "email_verification", account.email, EMAIL_TOKEN_TTL_MS);
          await deps.mailer.send({ to: account.email, ...verifyEmailMail(resolveLocale(account.locale), { product, link: link(ACCOUNT_LINK_PATHS.verifyEmail, token) }) });
          return;
        }
        case "registration-attempt": {
          const account = await repo.findForLogin(mail.email);
          if (!account) return;
          const links = { loginLink: link(ACCOUNT_LINK_PATHS.login), resetLink: link(ACCOUNT_LINK_PATHS.passwordReset) };
          await deps.mailer.send({ to: account.email, ...registrationAttemptMail(resolveLocale(account.locale), { product, ...links }) });
          return;
        }
        case "confirm-new-email": {
          const account = await repo.findByUuid(mail.customerUuid);
          if (!account || account.email === mail.newEmail) return;
          // Only the address asked for last can be confirmed.
          await repo.deleteTokens(account.uuid, ["email_change"]);
          const token = await issueToken(account, "email_change", mail.newEmail, EMAIL_TOKEN_TTL_MS);
          await deps.mailer.send({ to: mail.newEmail, ...confirmNewEmailMail(resolveLocale(account.locale), { product, link: link(ACCOUNT_LINK_PATHS.verifyEmail, token) }) });
          return;
        }
        case "email-changed": {
          const account = await repo.findByUuid(mail.customerUuid);
          if (!account) return;
          await deps.mailer.send({ to: mail.oldEmail, ...emailChangedMail(resolveLocale(account.locale), { product, email: account.email }) });
          return;
        }
      }
    },
  };
}
export type AccountMailHandler = ReturnType<typeof createAccountMailHandler>;

/**
 * Enqueues after the change is committed; without a queue (API tests) the mail goes at once.
 * Either way a failure is logged, not shown: the change stands, and the customer can ask again.
 */
export function accountMailDispatch(handler: AccountMailHandler, queue: JobQueue | undefined, log: (msg: string, err: unknown) => void): AccountMailDispatch {
  return async (mail) => {
    try {
      if (queue) await queue.send(ACCOUNT_MAIL_JOB, mail);
      else await handler.handle(mail);
    } catch (err) {
      log(`Account mail ${mail.kind} could not be ${queue ? "enqueued" : "sent"}`, err);
    }
  };
}

export function registerAccountMailJobs(queue: JobQueue, handler: AccountMailHandler): void {
  queue.work(ACCOUNT_MAIL_JOB, (job) => handler.handle(job.data as AccountMail));
}
