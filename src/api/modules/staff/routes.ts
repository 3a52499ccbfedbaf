import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, errorResponsesOf } from "../../errors.ts";
import { hashToken } from "../../tokens.ts";
import type { ApiInstance } from "../../types.ts";
import { STAFF_API_PREFIX, type CustomerSessions } from "../accounts/sessions.ts";
import {
  auditLogErrors,
  auditPageSchema,
  auditQuery,
  invitationAcceptBody,
  invitationAcceptErrors,
  opsMeErrors,
  opsMeSchema,
  passkeyAuthenticationOptionsErrors,
  passkeyDeleteErrors,
  passkeyOptionsSchema,
  passkeyParams,
  passkeyRegisterBody,
  passkeyRegisterErrors,
  passkeyRegistrationOptionsErrors,
  secondFactorBody,
  secondFactorErrors,
  staffInviteBody,
  staffInviteErrors,
  staffListErrors,
  staffListSchema,
  staffParams,
  staffUpdateBody,
  staffUpdateErrors,
  totpSetupErrors,
  totpSetupSchema,
} from "./schemas.ts";
import type { StaffActor, StaffService } from "./service.ts";

const ops = { tags: ["operations"] };
/** Route option of the operations a staff session may call before its second factor: who am I, the factor and its setup. */
const BEFORE_SECOND_FACTOR = { beforeSecondFactor: true };

declare module "fastify" {
  interface FastifyContextConfig {
    /** A staff operation that answers before the session's second factor was given. */
    beforeSecondFactor?: boolean;
  }
}

/** The acting staff member of each request, set by the guard for /api/ops/ routes. */
const actors = new WeakMap<FastifyRequest, StaffActor | null>();

/** The request's staff member, as the guard found them (null only before the second factor, on the routes that allow it). */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const actor = actors.get(request);
  if (!actor) throw new AppError(401, "SECOND_FACTOR_REQUIRED", "Give your second factor first.", "session");
  return actor;
}

/**
 * The operations API's guard, before validation: to anyone but active staff it does not exist
 * (404); staff need the second factor in this session (401 SECOND_FACTOR_REQUIRED), and a session
 * idle for 30 minutes ends (401 STAFF_SESSION_EXPIRED). By the route that matched, not the URL as
 * sent: "/api/%6fps/…" reaches the same routes.
 */
export function registerStaffGuard(api: FastifyInstance, service: StaffService, sessions: CustomerSessions): void {
  api.addHook("preValidation", async (request) => {
    if (!request.routeOptions.url?.startsWith(STAFF_API_PREFIX)) return;
    const customer = await sessions.customerOf(request);
    const token = request.cookies[sessions.cookie.name];
    if (!customer?.staff || !token) throw AppError.notFound("ROUTE_NOT_FOUND", `No API operation ${request.method} ${request.url.split("?")[0]}`);
    actors.set(request, await service.actorOf(customer, hashToken(token), request.id, { beforeSecondFactor: request.routeOptions.config.beforeSecondFactor === true }));
  });
}

export function registerStaffRoutes(app: ApiInstance, service: StaffService, deps: { sessions: CustomerSessions }): void {
  const customerOf = async (request: FastifyRequest) => {
    const customer = await deps.sessions.customerOf(request);
    if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to do this.", "session");
    return customer;
  };
  const tokenHashOf = (request: FastifyRequest) => hashToken(request.cookies[deps.sessions.cookie.name] ?? "");

  app.get(
    "/ops/me",
    { config: BEFORE_SECOND_FACTOR, schema: { operationId: "api_ops_me", ...ops, summary: "The signed-in staff member: roles, and whether the second factor is set up and given", response: { 200: opsMeSchema, ...errorResponsesOf(opsMeErrors) } } },
    async (request) => service.me(await customerOf(request), actors.get(request) ?? null),
  );
  app.post(
    "/ops/second-factor/totp",
    { config: BEFORE_SECOND_FACTOR, schema: { operationId: "api_ops_second_factor_totp_setup", ...ops, summary: "A new TOTP secret to set up an authenticator app (until one is confirmed)", response: { 200: totpSetupSchema, ...errorResponsesOf(totpSetupErrors) } } },
    async (request) => service.setUpTotp(await customerOf(request), actors.get(request) ?? null),
  );
  app.post(
    "/ops/second-factor/passkeys/options",
    {
      config: BEFORE_SECOND_FACTOR,
      schema: {
        operationId: "api_ops_passkey_registration_options",
        ...ops,
        summary: "A challenge to register a passkey (for navigator.credentials.create): after the second factor, or as an account's first factor",
        response: { 200: passkeyOptionsSchema, ...errorResponsesOf(passkeyRegistrationOptionsErrors) },
      },
    },
    async (request) => service.passkeyRegistrationOptions(await customerOf(request), tokenHashOf(request), actors.get(request) ?? null),
  );
  app.post(
    "/ops/second-factor/passkeys",
    {
      config: BEFORE_SECOND_FACTOR,
      schema: {
        operationId: "api_ops_passkey_register",
        ...ops,
        summary: "Keeps a passkey the authenticator created for the challenge; an account's first factor counts as given for the session",
        body: passkeyRegisterBody,
        response: { 200: opsMeSchema, ...errorResponsesOf(passkeyRegisterErrors) },
      },
    },
    async (request) => service.registerPasskey(await customerOf(request), tokenHashOf(request), actors.get(request) ?? null, request.body, request.id),
  );
  app.post(
    "/ops/second-factor/passkey-challenge",
    {
      config: BEFORE_SECOND_FACTOR,
      schema: {
        operationId: "api_ops_passkey_authentication_options",
        ...ops,
        summary: "A challenge for one of the account's passkeys (for navigator.credentials.get); the answer goes to api_ops_second_factor",
        response: { 200: passkeyOptionsSchema, ...errorResponsesOf(passkeyAuthenticationOptionsErrors) },
      },
    },
    async (request) => service.passkeyAuthenticationOptions(await customerOf(request), tokenHashOf(request)),
  );
  app.delete(
    "/ops/second-factor/passkeys/:credentialId",
    {
      schema: {
        operationId: "api_ops_passkey_delete",
        ...ops,
        summary: "Removes one of one's passkeys (a lost device), with a recent second factor; the last second factor stays",
        params: passkeyParams,
        response: { 200: opsMeSchema, ...errorResponsesOf(passkeyDeleteErrors) },
      },
    },
    async (request) => service.removePasskey(await customerOf(request), staffActorOf(request), request.params.credentialId),
  );
  app.post(
    "/ops/second-factor",
    {
      config: BEFORE_SECOND_FACTOR,
      schema: {
        operationId: "api_ops_second_factor",
        ...ops,
        summary: "The second factor after the password login: the TOTP app's code (the first one confirms the app's setup) or a passkey's answer to api_ops_passkey_authentication_options. Given again, it renews the confirmation finance actions ask for",
        body: secondFactorBody,
        response: { 200: opsMeSchema, ...errorResponsesOf(secondFactorErrors) },
      },
    },
    async (request) => service.giveSecondFactor(await customerOf(request), tokenHashOf(request), request.body, request.id),
  );
  app.get(
    "/ops/staff",
    { schema: { operationId: "api_ops_staff_list", ...ops, summary: "Admins: every staff member with roles, and open invitations", response: { 200: staffListSchema, ...errorResponsesOf(staffListErrors) } } },
    async (request) => service.list(staffActorOf(request)),
  );
  app.post(
    "/ops/staff/invitations",
    { schema: { operationId: "api_ops_staff_invite", ...ops, summary: "Admins: invites an address by mailed link, with roles", body: staffInviteBody, response: { 200: staffListSchema, ...errorResponsesOf(staffInviteErrors) } } },
    async (request) => service.invite(staffActorOf(request), request.body),
  );
  app.patch(
    "/ops/staff/:staffUuid",
    { schema: { operationId: "api_ops_staff_update", ...ops, summary: "Admins: a member's roles, or deactivating them", params: staffParams, body: staffUpdateBody, response: { 200: staffListSchema, ...errorResponsesOf(staffUpdateErrors) } } },
    async (request) => service.update(staffActorOf(request), request.params.staffUuid, request.body),
  );
  app.get(
    "/ops/audit",
    { schema: { operationId: "api_ops_audit_log", ...ops, summary: "Admins and support: every staff action, newest first, filtered", querystring: auditQuery, response: { 200: auditPageSchema, ...errorResponsesOf(auditLogErrors) } } },
    async (request) => service.auditLog(staffActorOf(request), request.query),
  );
  app.post(
    "/staff-invitations/accept",
    {
      schema: {
        operationId: "api_staff_invitation_accept",
        tags: ["accounts"],
        summary: "The invited person, logged in with the invited address, accepts: the account becomes staff",
        body: invitationAcceptBody,
        response: { 204: z.null().describe("Accepted"), ...errorResponsesOf(invitationAcceptErrors) },
      },
    },
    async (request, reply) => {
      await service.acceptInvitation(await customerOf(request), request.body.token, request.id);
      return reply.status(204).send(null);
    },
  );
}
