import { z } from "zod";
import { STAFF_ROLES } from "../../../domain/staff/staff.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { isoTimeParam, textParam, type QueryParams } from "../../schemas.ts";

export const staffRoleSchema = z.enum(STAFF_ROLES).describe("receiving, grading, fulfilment, finance, support or admin (admins may do everything)");
const rolesSchema = z.array(staffRoleSchema).min(1).max(STAFF_ROLES.length).refine((roles) => new Set(roles).size === roles.length, "Each role once");

/** Every staff operation may also answer these (the session hook's): the second factor is missing, the session idled out, the role does not allow it. */
export const STAFF_GUARD_ERRORS = { 401: ["SECOND_FACTOR_REQUIRED", "STAFF_SESSION_EXPIRED"], 403: ["ROLE_REQUIRED"] } as const;

/** WebAuthn's binary fields travel as base64url text. */
const base64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]*$/, "Base64url").max(max);

export const passkeySchema = z
  .object({ id: z.string().describe("The credential's id (base64url)"), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: "OpsPasskey" });
export type PasskeyView = z.infer<typeof passkeySchema>;

export const opsMeSchema = z
  .object({
    uuid: z.uuid(),
    email: z.string(),
    roles: z.array(staffRoleSchema),
    secondFactor: z.object({
      totpEnrolled: z.boolean().describe("A TOTP app is set up and confirmed"),
      passkeys: z.array(passkeySchema).describe("The account's passkeys, oldest first"),
      given: z.boolean().describe("This session has given its second factor; until then only this, the second factor and its setup answer"),
      recentUntil: z.string().nullable().describe("Until when money going out (finance actions) needs no new code; null before the second factor"),
    }),
  })
  .meta({ id: "OpsMe" });
export type OpsMe = z.infer<typeof opsMeSchema>;
export const opsMeErrors = operationErrors({ 401: ["STAFF_SESSION_EXPIRED"] });
export type OpsMeError = OperationError<typeof opsMeErrors>;

/** What every WebAuthn answer (PublicKeyCredential as JSON) carries beside its response. */
const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** A passkey's answer to an authentication challenge (WebAuthn's AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z
  .strictObject({
    ...credentialFields,
    response: z.strictObject({
      clientDataJSON: base64url(20_000),
      authenticatorData: base64url(20_000),
      // ML-DSA (post-quantum) signatures run to 4.6 KB: far larger than ES256's 72 bytes.
      signature: base64url(8_000),
      userHandle: base64url(200).optional(),
    }),
  })
  .meta({ id: "PasskeyAssertion" });

export const secondFactorBody = z.union([
  z.strictObject({ code: z.string().regex(/^\d{6}$/, "Six digits").describe("The TOTP app's current six-digit code") }),
  z.strictObject({ passkey: passkeyAssertionSchema.describe("A passkey's answer to the challenge of api_ops_passkey_authentication_options") }),
]);
export type SecondFactorInput = z.input<typeof secondFactorBody>;
export const secondFactorErrors = operationErrors({ 400: ["VALIDATION_FAILED", "SECOND_FACTOR_INVALID", "SECOND_FACTOR_NOT_ENROLLED"], 401: ["STAFF_SESSION_EXPIRED"] });
export type SecondFactorError = OperationError<typeof secondFactorErrors>;

/** A passkey's answer to a registration challenge (WebAuthn's RegistrationResponseJSON). */
const passkeyAttestationSchema = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: base64url(20_000),
    attestationObject: base64url(100_000),
    authenticatorData: base64url(20_000).optional(),
    transports: z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).max(7).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8_000).optional(),
  }),
});

export const passkeyRegisterBody = z.strictObject({
  name: z.string().trim().min(1).max(60).describe("A name to tell the passkey apart, e.g. the device"),
  response: passkeyAttestationSchema.describe("The authenticator's answer to the challenge of api_ops_passkey_registration_options"),
});
export type PasskeyRegisterInput = z.input<typeof passkeyRegisterBody>;
export const passkeyParams = z.strictObject({ credentialId: base64url(1400).min(1) });

/** WebAuthn's options for navigator.credentials (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), passed on as they are. */
export const passkeyOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional(), rp: z.looseObject({ id: z.string().optional(), name: z.string() }).optional() })
  .meta({ id: "PasskeyOptions" });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
export const passkeyRegistrationOptionsErrors = operationErrors({ 401: ["SECOND_FACTOR_REQUIRED", "STAFF_SESSION_EXPIRED"] });
export const passkeyRegisterErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PASSKEY_REGISTRATION_INVALID"], 401: ["SECOND_FACTOR_REQUIRED", "STAFF_SESSION_EXPIRED"] });
export type PasskeyRegisterError = OperationError<typeof passkeyRegisterErrors>;
export const passkeyAuthenticationOptionsErrors = operationErrors({ 400: ["SECOND_FACTOR_NOT_ENROLLED"], 401: ["STAFF_SESSION_EXPIRED"] });
export const passkeyDeleteErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PASSKEY_NOT_FOUND"], 409: ["LAST_SECOND_FACTOR"] });
export type PasskeyDeleteError = OperationError<typeof passkeyDeleteErrors>;

export const totpSetupSchema = z
  .object({
    secret: z.string().describe("Base32 secret for apps that take it typed"),
    otpauthUri: z.string().describe("otpauth:// URI, shown as a QR code"),
  })
  .meta({ id: "OpsTotpSetup" });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpSetupErrors = operationErrors({ 401: ["STAFF_SESSION_EXPIRED"], 409: ["SECOND_FACTOR_ALREADY_ENROLLED"] });
export type TotpSetupError = OperationError<typeof totpSetupErrors>;

export const staffMemberSchema = z
  .object({ uuid: z.uuid(), email: z.string(), roles: z.array(staffRoleSchema), active: z.boolean(), totpEnrolled: z.boolean(), passkeys: z.number().int(), createdAt: z.string() })
  .meta({ id: "OpsStaffMember" });
export type StaffMemberView = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z
  .object({
    staff: z.array(staffMemberSchema),
    invitations: z.array(z.object({ email: z.string(), roles: z.array(staffRoleSchema), expiresAt: z.string() })).describe("Open invitations, not yet accepted"),
  })
  .meta({ id: "OpsStaffList" });
export type StaffList = z.infer<typeof staffListSchema>;
export const staffListErrors = operationErrors({ ...STAFF_GUARD_ERRORS });
export type StaffListError = OperationError<typeof staffListErrors>;

export const staffInviteBody = z.strictObject({
  email: z.email().max(254),
  roles: rolesSchema,
  locale: z.enum(["de", "en"]).default("de").describe("Language of the invitation mail"),
});
export type StaffInviteInput = z.input<typeof staffInviteBody>;
export const staffInviteErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type StaffInviteError = OperationError<typeof staffInviteErrors>;

export const staffParams = z.strictObject({ staffUuid: z.uuid() });
export const staffUpdateBody = z
  .strictObject({ roles: rolesSchema.optional(), active: z.boolean().optional() })
  .refine((body) => body.roles !== undefined || body.active !== undefined, "Change the roles, the active flag or both");
export type StaffUpdateInput = z.input<typeof staffUpdateBody>;
export const staffUpdateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["STAFF_NOT_FOUND"], 409: ["LAST_ADMIN"] });
export type StaffUpdateError = OperationError<typeof staffUpdateErrors>;

export const invitationAcceptBody = z.strictObject({ token: z.string().min(1).max(200) });
export const invitationAcceptErrors = operationErrors({ 400: ["VALIDATION_FAILED", "STAFF_INVITATION_INVALID"], 401: ["NOT_AUTHENTICATED"], 403: ["STAFF_INVITATION_WRONG_ACCOUNT"] });
export type InvitationAcceptError = OperationError<typeof invitationAcceptErrors>;

export const auditQuery = z.strictObject({
  actor: textParam("An actor", 254).optional().describe("The acting staff member's e-mail, or part of it"),
  action: textParam("An action", 80).optional().describe("An action, e.g. sale.receive; a prefix such as sale. matches all of its kind"),
  entityType: textParam("An entity type", 40).optional(),
  entityId: textParam("An entity id", 80).optional(),
  from: isoTimeParam.optional(),
  to: isoTimeParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export type AuditLogQuery = QueryParams<typeof auditQuery>;
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorEmail: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    requestId: z.string(),
  })
  .meta({ id: "OpsAuditEntry" });
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }).meta({ id: "OpsAuditPage" });
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditLogErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type AuditLogError = OperationError<typeof auditLogErrors>;
