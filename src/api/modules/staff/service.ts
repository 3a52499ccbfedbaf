import { generateSecret, generateURI, verify } from "otplib";
import type { AuditActor } from "../../../db/audit-log.ts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import {
  activityWorthRecording,
  mayAct,
  mayAddSecondFactor,
  mayRemovePasskey,
  recentSecondFactorUntil,
  secondFactorIsRecent,
  STAFF_INVITATION_DAYS,
  staffSessionState,
  TOTP_TOLERANCE_SECONDS,
  totpStep,
  type StaffRole,
} from "../../../domain/staff/staff.ts";
import { compose, link, paragraph } from "../../../mail/compose.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { AppError } from "../../errors.ts";
import { hashToken, newToken } from "../../tokens.ts";
import type { Customer } from "../accounts/schemas.ts";
import { createPasskeyCeremonies, passkeyPartyOf, passkeyView } from "./passkey-service.ts";
import { AUDIT_PAGE_SIZE, type StaffMemberRow, type StaffRepository } from "./repository.ts";
import type { AuditPage, AuditQuery, OpsMe, PasskeyOptions, PasskeyRegisterInput, SecondFactorInput, StaffInviteInput, StaffList, StaffUpdateInput, TotpSetup } from "./schemas.ts";

/** A staff member acting in one request, after the session hook let them through. */
export interface StaffActor extends AuditActor {
  roles: StaffRole[];
  secondFactorAt: Date;
}

export interface StaffServiceDeps {
  clock: () => Date;
  mailer: Mailer;
  config: { PUBLIC_URL: string; PRODUCT_NAME: string; PASSKEY_RP_ID?: string | undefined; PASSKEY_ORIGINS?: string[] | undefined };
}

/** The back-office's path where an invited person accepts. */
export const STAFF_INVITATION_PATH = "/ops/invitation";

/** Refuses an action the actor's roles do not allow: 403 in the error shape. */
export function requireRole(actor: StaffActor, ...allowed: StaffRole[]): void {
  if (!mayAct(actor.roles, allowed)) throw new AppError(403, "ROLE_REQUIRED", `This needs one of the roles ${allowed.join(", ")}.`, "session");
}

/** Money going out asks for the second factor again when it was given more than a few minutes ago. */
export function requireRecentSecondFactor(actor: StaffActor, now: Date): void {
  if (!secondFactorIsRecent(actor.secondFactorAt, now)) throw new AppError(401, "SECOND_FACTOR_REQUIRED", "Confirm this with your second factor again.", "session");
}

const factorsOf = (member: StaffMemberRow) => ({ totpEnrolled: member.totpConfirmedAt !== null, passkeys: member.passkeys });

const memberView = (row: StaffMemberRow) => ({ uuid: row.customerUuid, email: row.email, roles: row.roles, active: row.active, totpEnrolled: row.totpConfirmedAt !== null, passkeys: row.passkeys, createdAt: new Date(row.createdAt).toISOString() });

export function createStaffService(repo: StaffRepository, deps: StaffServiceDeps) {
  const { clock } = deps;
  const passkeys = createPasskeyCeremonies(repo, { clock, party: passkeyPartyOf(deps.config) });

  /** Adding a factor before giving one is for an account that has none yet: else the password alone would do. */
  function requireMayAddFactor(member: StaffMemberRow, actor: StaffActor | null): void {
    if (!mayAddSecondFactor(factorsOf(member), actor !== null)) throw new AppError(401, "SECOND_FACTOR_REQUIRED", "Give your second factor first.", "session");
  }

  /** The answer after a second factor was given: who, and that it was given now. */
  async function meAfterFactor(customer: Customer, at: Date): Promise<OpsMe> {
    const member = await activeMember(customer);
    return { uuid: member.customerUuid, email: member.email, roles: member.roles, secondFactor: { ...(await factorViews(member)), given: true, recentUntil: recentSecondFactorUntil(at).toISOString() } };
  }

  async function factorViews(member: StaffMemberRow) {
    return { totpEnrolled: member.totpConfirmedAt !== null, passkeys: (await repo.passkeys(member.customerUuid)).map(passkeyView) };
  }

  async function activeMember(customer: Customer): Promise<StaffMemberRow> {
    const member = await repo.member(customer.uuid);
    // The session hook lets only staff through; a member deactivated meanwhile is a customer again.
    if (!member?.active) throw AppError.notFound("ROUTE_NOT_FOUND", "No such operation.");
    return member;
  }

  return {
    /**
     * Who may act in this request: the session's staff member, once the second factor was given in
     * this session and the session has not idled out. A session idle too long is ended here.
     */
    async actorOf(customer: Customer, sessionTokenHash: string, requestId: string, options: { beforeSecondFactor: boolean }): Promise<StaffActor | null> {
      const member = await activeMember(customer);
      const now = clock();
      const row = await repo.staffSession(sessionTokenHash);
      const session = row ? { secondFactorAt: new Date(row.secondFactorAt), lastActiveAt: new Date(row.lastActiveAt) } : null;
      const state = staffSessionState(session, now);
      if (state === "idle-expired") throw new AppError(401, "STAFF_SESSION_EXPIRED", "The session ended after 30 idle minutes: log in again.", "session");
      if (state === "second-factor-required") {
        if (options.beforeSecondFactor) return null;
        throw new AppError(401, "SECOND_FACTOR_REQUIRED", "Give your second factor first.", "session");
      }
      if (activityWorthRecording(session!.lastActiveAt, now)) await repo.touchSession(sessionTokenHash, now);
      return { uuid: member.customerUuid, email: member.email, roles: member.roles, requestId, secondFactorAt: session!.secondFactorAt };
    },

    async me(customer: Customer, actor: StaffActor | null): Promise<OpsMe> {
      const member = await activeMember(customer);
      return {
        uuid: member.customerUuid,
        email: member.email,
        roles: member.roles,
        secondFactor: { ...(await factorViews(member)), given: actor !== null, recentUntil: actor ? recentSecondFactorUntil(actor.secondFactorAt).toISOString() : null },
      };
    },

    /** A new TOTP secret for an account without a confirmed one; the first valid code confirms it. */
    async setUpTotp(customer: Customer, actor: StaffActor | null): Promise<TotpSetup> {
      const member = await activeMember(customer);
      requireMayAddFactor(member, actor);
      if (member.totpConfirmedAt) throw new AppError(409, "SECOND_FACTOR_ALREADY_ENROLLED", "A TOTP app is set up already; an admin can reset it.", "session");
      const secret = generateSecret();
      await repo.setTotpSecret(member.customerUuid, secret);
      return { secret, otpauthUri: generateURI({ issuer: deps.config.PRODUCT_NAME, label: member.email, secret }) };
    },

    /**
     * The second factor: a TOTP code (accepted once per time step; the first one confirms the app's
     * setup) or a passkey's answer to this session's challenge. Either marks the session as having it.
     */
    async giveSecondFactor(customer: Customer, sessionTokenHash: string, input: SecondFactorInput, requestId: string): Promise<OpsMe> {
      const member = await activeMember(customer);
      const now = clock();
      const actor = { uuid: member.customerUuid, email: member.email, requestId };
      const record = (writer: StaffRepository, action: string, method: "totp" | "passkey") =>
        Promise.all([writer.recordSecondFactor(sessionTokenHash, now), writer.audit(actor, { action, entityType: "staff", entityId: member.customerUuid, after: { method } })]);
      let accepted: boolean;
      if ("passkey" in input) {
        accepted = await repo.inTransaction(async (writer) => {
          if (!(await passkeys.verifyAssertion(writer, member, sessionTokenHash, input.passkey as AuthenticationResponseJSON))) return false;
          await record(writer, "staff.second_factor", "passkey");
          return true;
        });
      } else {
        if (!member.totpSecret) throw AppError.badRequest("SECOND_FACTOR_NOT_ENROLLED", "Set up a TOTP app first.", "code");
        const epoch = Math.floor(now.getTime() / 1000);
        const result = await verify({ secret: member.totpSecret, token: input.code, epoch, epochTolerance: TOTP_TOLERANCE_SECONDS, ...(member.totpLastStep !== null ? { afterTimeStep: member.totpLastStep } : {}) }).catch(() => ({ valid: false as const }));
        accepted = result.valid
          ? await repo.inTransaction(async (writer) => {
              if (!(await writer.useTotpStep(member.customerUuid, totpStep(epoch) + result.delta, now))) return false;
              await record(writer, member.totpConfirmedAt ? "staff.second_factor" : "staff.totp_enrolled", "totp");
              return true;
            })
          : false;
      }
      if (!accepted) throw AppError.badRequest("SECOND_FACTOR_INVALID", "passkey" in input ? "The passkey was not accepted: try again." : "This code is wrong or was used already: wait for the next one.", "passkey" in input ? "passkey" : "code");
      return meAfterFactor(customer, now);
    },

    /** A challenge to register a passkey: after the second factor, or as the account's first factor. */
    async passkeyRegistrationOptions(customer: Customer, sessionTokenHash: string, actor: StaffActor | null): Promise<PasskeyOptions> {
      const member = await activeMember(customer);
      requireMayAddFactor(member, actor);
      return passkeys.registrationOptions(member, sessionTokenHash);
    },

    /** Keeps a verified passkey; as the account's first factor it also counts as given for this session. */
    async registerPasskey(customer: Customer, sessionTokenHash: string, actor: StaffActor | null, input: PasskeyRegisterInput, requestId: string): Promise<OpsMe> {
      const member = await activeMember(customer);
      requireMayAddFactor(member, actor);
      const now = clock();
      const challenge = await passkeys.takeRegistrationChallenge(sessionTokenHash);
      await repo.inTransaction(async (writer) => {
        const passkey = await passkeys.register(writer, member, challenge, input);
        if (!actor) await writer.recordSecondFactor(sessionTokenHash, now);
        await writer.audit({ uuid: member.customerUuid, email: member.email, requestId }, { action: "staff.passkey_added", entityType: "staff", entityId: member.customerUuid, after: { passkey: passkey.name, id: passkey.credentialId } });
      });
      return actor ? this.me(customer, actor) : meAfterFactor(customer, now);
    },

    async passkeyAuthenticationOptions(customer: Customer, sessionTokenHash: string): Promise<PasskeyOptions> {
      return passkeys.authenticationOptions(await activeMember(customer), sessionTokenHash);
    },

    /** Removes one of one's own passkeys (a lost device), with a recent second factor; the last factor stays. */
    async removePasskey(customer: Customer, actor: StaffActor, credentialId: string): Promise<OpsMe> {
      requireRecentSecondFactor(actor, clock());
      await repo.inTransaction(async (writer) => {
        const member = await writer.member(actor.uuid, { lock: true });
        const notFound = () => AppError.notFound("PASSKEY_NOT_FOUND", "There is no such passkey.", "credentialId");
        if (!member) throw notFound();
        const removed = await writer.deletePasskey(credentialId, member.customerUuid);
        if (!removed) throw notFound();
        // Checked after the delete, under the member's lock: the rollback keeps the last factor.
        if (!mayRemovePasskey(factorsOf(member))) throw new AppError(409, "LAST_SECOND_FACTOR", "This is your only second factor: add another before removing it.", "credentialId");
        await writer.audit(actor, { action: "staff.passkey_removed", entityType: "staff", entityId: member.customerUuid, before: { passkey: removed.name, id: removed.credentialId } });
      });
      return this.me(customer, actor);
    },

    async list(actor: StaffActor): Promise<StaffList> {
      requireRole(actor, "admin");
      const [members, invitations] = await Promise.all([repo.members(), repo.openInvitations(clock())]);
      return { staff: members.map(memberView), invitations: invitations.map((i) => ({ ...i, expiresAt: new Date(i.expiresAt).toISOString() })) };
    },

    /** Mails a link that makes the account of that address staff with these roles. */
    async invite(actor: StaffActor, input: StaffInviteInput): Promise<StaffList> {
      requireRole(actor, "admin");
      const email = input.email.trim().toLowerCase();
      const roles = input.roles;
      const token = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + STAFF_INVITATION_DAYS * 86_400_000);
      await repo.inTransaction(async (writer) => {
        await writer.insertInvitation({ tokenHash: hashToken(token), email, roles, invitedBy: actor.uuid, expiresAt });
        await writer.audit(actor, { action: "staff.invite", entityType: "staff_invitation", entityId: email, after: { email, roles, expiresAt: expiresAt.toISOString() } });
      });
      const url = new URL(STAFF_INVITATION_PATH, deps.config.PUBLIC_URL);
      url.searchParams.set("token", token);
      await deps.mailer.send({ to: email, ...invitationMail(input.locale ?? "de", deps.config.PRODUCT_NAME, actor.email, url.href) });
      return this.list(actor);
    },

    /** Roles and the active flag; the last active admin stays one. */
    async update(actor: StaffActor, staffUuid: string, input: StaffUpdateInput): Promise<StaffList> {
      requireRole(actor, "admin");
      const now = clock();
      await repo.inTransaction(async (writer) => {
        const before = await writer.member(staffUuid, { lock: true });
        if (!before) throw AppError.notFound("STAFF_NOT_FOUND", "There is no such staff member.", "staffUuid");
        const after = { roles: input.roles ?? before.roles, active: input.active ?? before.active };
        const staysAdmin = after.active && after.roles.includes("admin");
        if (before.active && before.roles.includes("admin") && !staysAdmin && (await writer.otherActiveAdmins(staffUuid)) === 0) {
          throw new AppError(409, "LAST_ADMIN", "The back-office needs at least one active admin.", "roles");
        }
        await writer.updateMember(staffUuid, after, now);
        await writer.audit(actor, { action: "staff.update", entityType: "staff", entityId: staffUuid, before: { roles: before.roles, active: before.active }, after });
      });
      return this.list(actor);
    },

    /** The signed-in account of the invited address becomes staff with the invitation's roles. */
    async acceptInvitation(customer: Customer, token: string, requestId: string): Promise<void> {
      const now = clock();
      await repo.inTransaction(async (writer) => {
        const invitation = await writer.takeInvitation(hashToken(token), now);
        if (!invitation) throw AppError.badRequest("STAFF_INVITATION_INVALID", "This invitation link is unknown, used or expired: ask for a new one.", "token");
        if (invitation.email !== customer.email) throw new AppError(403, "STAFF_INVITATION_WRONG_ACCOUNT", `This invitation is for ${invitation.email}: log in with that address.`, "token");
        await writer.upsertMember(customer.uuid, invitation.roles, now);
        await writer.audit({ uuid: customer.uuid, email: customer.email, requestId }, { action: "staff.invitation_accepted", entityType: "staff", entityId: customer.uuid, after: { roles: invitation.roles } });
      });
    },

    async auditLog(actor: StaffActor, query: AuditQuery): Promise<AuditPage> {
      requireRole(actor, "admin", "support");
      const { rows, total } = await repo.auditPage(query);
      return {
        entries: rows.map((r) => ({ id: r.id, at: new Date(r.at).toISOString(), actorEmail: r.actorEmail, action: r.action, entityType: r.entityType, entityId: r.entityId, before: r.before ?? null, after: r.after ?? null, requestId: r.requestId })),
        page: query.page,
        pageSize: AUDIT_PAGE_SIZE,
        total,
      };
    },
  };
}

const INVITATION_TEXTS = {
  de: { subject: (p: string) => `Einladung ins Backoffice von ${p}`, body: (who: string, p: string) => `${who} lädt dich ins Backoffice von ${p} ein. Melde dich mit dieser Adresse an (oder registriere dich mit ihr) und öffne dann den Link. Er gilt ${STAFF_INVITATION_DAYS} Tage.` },
  en: { subject: (p: string) => `Invitation to the ${p} back-office`, body: (who: string, p: string) => `${who} invites you to the ${p} back-office. Log in with this address (or register with it), then open the link. It works for ${STAFF_INVITATION_DAYS} days.` },
} as const;

function invitationMail(locale: "de" | "en", product: string, inviter: string, url: string) {
  const t = INVITATION_TEXTS[locale];
  return compose(locale, t.subject(product), [paragraph(t.body(inviter, product)), link(url)]);
}

export type StaffService = ReturnType<typeof createStaffService>;
