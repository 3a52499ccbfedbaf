import { sameSecret } from "../../secrets.ts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { MailLimitError } from "./credential-flows.ts";
import {
  bounceBody,
  bounceHeaders,
  changeEmailBody,
  changeEmailErrors,
  changePasswordBody,
  changePasswordErrors,
  emailVerificationBody,
  emailVerificationErrors,
  emailVerificationRequestErrors,
  emailVerificationResultSchema,
  mailBounceErrors,
  mailRequestedSchema,
  passwordResetBody,
  passwordResetErrors,
  passwordResetRequestBody,
  passwordResetRequestErrors,
  passwordResetResultSchema,
  verificationSentSchema,
} from "./schemas.ts";
import { LoginThrottledError, type AccountService } from "./service.ts";
import type { AccountRouteKit } from "./sessions.ts";

const mailLimit = "three such mails an hour at most; Retry-After gives the seconds to wait";

/** Refusals that say how long to wait carry it as Retry-After too. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LoginThrottledError || error instanceof MailLimitError) reply.header("retry-after", String(error.retryAfterSeconds));
    throw error;
  }
}

export function registerCredentialRoutes(app: ApiInstance, service: AccountService, kit: AccountRouteKit, bounceSecret: string | undefined): void {
  const { tokenOf, signIn, requireCustomer } = kit;

  app.post(
    "/customer/password-resets",
    {
      schema: {
        operationId: "api_customer_request_password_reset",
        tags: ["accounts"],
        summary:
          "Ask for a link to set a new password (to ${PUBLIC_URL}/auth/reset?token=…, in the account's language, valid for 1 hour, once). Answers alike whether or not the address has an account",
        body: passwordResetRequestBody,
        response: { 202: mailRequestedSchema, ...errorResponsesOf(passwordResetRequestErrors) },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email);
      return reply.status(202).send({ status: "mail-requested" as const });
    },
  );

  app.post(
    "/customer/password-resets/confirm",
    {
      schema: {
        operationId: "api_customer_reset_password",
        tags: ["accounts"],
        summary: "Set a new password with the mailed link's token: ends every session of the account and signs in with a new one (sets the session cookie); confirms the address too",
        body: passwordResetBody,
        response: { 200: passwordResetResultSchema, ...errorResponsesOf(passwordResetErrors, { 400: "invalid input; an unknown, used or expired token" }) },
      },
    },
    async (request, reply) => {
      const signedIn = await service.resetPassword(request.body.token, request.body.password, tokenOf(request));
      await signIn(request, reply, signedIn);
      const { uuid, email, locale } = signedIn.customer;
      return { status: "password-reset" as const, user: { uuid, email, locale } };
    },
  );

  app.post(
    "/customer/email-verifications",
    {
      schema: {
        operationId: "api_customer_verify_email",
        tags: ["accounts"],
        summary:
          "Follow a confirmation link (${PUBLIC_URL}/auth/verify-email?token=…): confirms a new account's address, or moves the account to the new address of an e-mail change (the old address is told). Signs in either way (sets the session cookie)",
        body: emailVerificationBody,
        response: {
          200: emailVerificationResultSchema,
          ...errorResponsesOf(emailVerificationErrors, {
            400: "invalid input; an unknown, used or expired token",
            409: "another account has the new address by now; the link keeps working until it expires",
          }),
        },
      },
    },
    async (request, reply) => {
      const { status, signedIn } = await service.verifyEmail(request.body.token, tokenOf(request));
      await signIn(request, reply, signedIn);
      const { uuid, email, locale } = signedIn.customer;
      return { status, user: { uuid, email, locale } };
    },
  );

  app.post(
    "/customer/email-verification-requests",
    {
      schema: {
        operationId: "api_customer_request_email_verification",
        tags: ["accounts"],
        summary: "Mail the logged-in customer another confirmation link for their address",
        response: {
          202: verificationSentSchema,
          ...errorResponsesOf(emailVerificationRequestErrors, { 429: mailLimit }),
        },
      },
    },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      const { email } = await withRetryAfter(reply, () => service.requestEmailVerification(customer));
      return reply.status(202).send({ status: "verification-sent" as const, email });
    },
  );

  app.put(
    "/customer/email",
    {
      schema: {
        operationId: "api_customer_change_email",
        tags: ["accounts"],
        summary:
          "Change the logged-in customer's address: mails a confirmation link to the new address; the account moves when it is followed (api_customer_verify_email). Nothing changes before",
        body: changeEmailBody,
        response: {
          202: verificationSentSchema,
          ...errorResponsesOf(changeEmailErrors, {
            400: "PASSWORD_INCORRECT's reference is body.password",
            429: "too many wrong passwords (as at login), or three changes an hour; Retry-After gives the seconds to wait",
          }),
        },
      },
    },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      const { email } = await withRetryAfter(reply, () => service.changeEmail(customer, request.body, request.ip));
      return reply.status(202).send({ status: "verification-sent" as const, email });
    },
  );

  app.put(
    "/customer/password",
    {
      schema: {
        operationId: "api_customer_change_password",
        tags: ["accounts"],
        summary: "Change the logged-in customer's password; every other session of the account ends, this one stays",
        body: changePasswordBody,
        response: {
          204: z.null(),
          ...errorResponsesOf(changePasswordErrors, { 400: "the current password is wrong", 429: "too many wrong passwords, as at login; Retry-After gives the seconds to wait" }),
        },
      },
    },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      await withRetryAfter(reply, () => service.changePassword(customer, request.body, request.ip, tokenOf(request)!));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/mail/bounces",
    {
      // Before the body is looked at: unconfigured, the webhook does not exist, and a caller without the secret learns nothing.
      onRequest: async (request) => {
        if (!bounceSecret) throw AppError.notFound("ROUTE_NOT_FOUND", "No API operation POST /api/mail/bounces");
        const given = request.headers["x-mail-bounce-secret"];
        if (!sameSecret(typeof given === "string" ? given : undefined, bounceSecret)) {
          throw new AppError(403, "BOUNCE_SECRET_INVALID", "The bounce secret is missing or wrong.", "x-mail-bounce-secret");
        }
      },
      schema: {
        operationId: "api_mail_bounce",
        tags: ["mail"],
        summary: "Bounce webhook of the mail provider: a permanent bounce marks the address undeliverable (X-Email-Delivery-Impossible); 404 unless MAIL_BOUNCE_SECRET is set",
        headers: bounceHeaders,
        body: bounceBody,
        response: {
          204: z.null(),
          ...errorResponsesOf(mailBounceErrors, { 403: "X-Mail-Bounce-Secret is missing or wrong", 404: "MAIL_BOUNCE_SECRET is not set" }),
        },
      },
    },
    async (request, reply) => {
      if (request.body.type === "permanent") await service.markEmailUndeliverable(request.body.email);
      return reply.status(204).send(null);
    },
  );
}
