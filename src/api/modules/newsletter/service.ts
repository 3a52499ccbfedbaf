import { hashToken, newToken } from "../../tokens.ts";
import type { Config } from "../../../config.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { AppError } from "../../errors.ts";
import { confirmationMail } from "./mail-texts.ts";
import type { NewsletterRepository } from "./repository.ts";
import type { ConfirmResult, NewsletterPreference, SubscribeInput, SubscribeResult } from "./schemas.ts";

/** The part of a request logger the service needs, so failures carry the request id. */
export interface ServiceLogger {
  error(details: object, message: string): void;
}

export interface NewsletterDeps {
  config: Pick<Config, "PUBLIC_URL" | "PRODUCT_NAME">;
  mailer: Mailer;
  clock: () => Date;
}

export function createNewsletterService(repo: NewsletterRepository, deps: NewsletterDeps) {
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, "");
  return {
    /**
     * Double opt-in: stores a pending subscription with a fresh token and mails the link.
     * An active address stays as it is and gets no mail, so the form cannot be used to spam subscribers.
     */
    async subscribe(input: SubscribeInput & { locale: Locale }, log: ServiceLogger): Promise<SubscribeResult> {
      const email = input.email.toLowerCase();
      const token = newToken();
      const pending = await repo.upsertPending({
        email,
        source: input.source,
        subscriptionType: input.subscriptionType,
        locale: input.locale,
        tokenHash: hashToken(token),
      });
      if (!pending) return { status: "active" };
      const link = `${base}/newsletter/confirm?token=${token}`;
      try {
        await deps.mailer.send({ to: email, ...confirmationMail(input.locale, { product: deps.config.PRODUCT_NAME, link }) });
      } catch (err) {
        // The row stays pending; subscribing again sends a new link. The visitor needn't see our mail trouble.
        log.error({ err }, "newsletter confirmation mail could not be sent");
      }
      return { status: "pending" };
    },

    /** The newsletter as the account sees it: its address subscribed, waiting for the confirmation, or not. */
    async preference(customer: { email: string }): Promise<NewsletterPreference> {
      return { status: (await repo.statusOf(customer.email.toLowerCase())) ?? "none" };
    },

    /** On: the same double opt-in as the form (a confirmation mail); off: the address leaves the list at once. */
    async setPreference(customer: { email: string; locale: Locale }, subscribed: boolean, log: ServiceLogger): Promise<NewsletterPreference> {
      if (subscribed) return this.subscribe({ email: customer.email, source: "account", subscriptionType: "general", locale: customer.locale }, log);
      await repo.remove(customer.email.toLowerCase());
      return { status: "none" };
    },

    async confirm(token: string): Promise<ConfirmResult> {
      const row = await repo.confirm(hashToken(token), deps.clock());
      if (!row) {
        throw AppError.notFound(
          "NEWSLETTER_TOKEN_INVALID",
          "This confirmation link is unknown or has already been used. Subscribe again to get a new one.",
          "body.token",
        );
      }
      return { status: "active", email: row.email };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
