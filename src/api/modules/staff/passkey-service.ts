import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { PASSKEY_CHALLENGE_MINUTES } from "../../../domain/staff/staff.ts";
import { AppError } from "../../errors.ts";
import type { PasskeyRow, StaffMemberRow, StaffRepository } from "./repository.ts";
import type { PasskeyOptions, PasskeyRegisterInput, PasskeyView } from "./schemas.ts";

/** Where passkeys are bound: the relying party's domain, and the origins the browser may ask from. */
export interface PasskeyParty {
  name: string;
  id: string;
  origins: string[];
}

/** The relying party from configuration: PASSKEY_RP_ID and PASSKEY_ORIGINS, else PUBLIC_URL's host and origin. */
export function passkeyPartyOf(config: { PUBLIC_URL: string; PRODUCT_NAME: string; PASSKEY_RP_ID?: string | undefined; PASSKEY_ORIGINS?: string[] | undefined }): PasskeyParty {
  const publicUrl = new URL(config.PUBLIC_URL);
  return { name: config.PRODUCT_NAME, id: config.PASSKEY_RP_ID ?? publicUrl.hostname, origins: config.PASSKEY_ORIGINS?.map((o) => new URL(o).origin) ?? [publicUrl.origin] };
}

/** The library's options as the contract describes them: WebAuthn's JSON, passed on unchanged (its interfaces lack the index signature). */
const asOptions = (options: object) => options as PasskeyOptions;

export const passkeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.credentialId,
  name: row.name,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
});

/**
 * The two WebAuthn ceremonies of staff passkeys through @simplewebauthn/server: registering a
 * passkey and answering a challenge with one. Each challenge is the session's, kept in the
 * database, and taken when checked: it works once, on any instance, for five minutes.
 */
export function createPasskeyCeremonies(repo: StaffRepository, deps: { clock: () => Date; party: PasskeyParty }) {
  const { party, clock } = deps;
  const challengeExpiry = () => new Date(clock().getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000);

  return {
    async registrationOptions(member: StaffMemberRow, sessionTokenHash: string): Promise<PasskeyOptions> {
      const existing = await repo.passkeys(member.customerUuid);
      const options = await generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userName: member.email,
        userID: isoUint8Array.fromUTF8String(member.customerUuid),
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      await repo.putChallenge(sessionTokenHash, "registration", options.challenge, challengeExpiry());
      return asOptions(options);
    },

    /** The session's registration challenge, taken before the transaction that keeps the passkey: a failed answer uses it up too. */
    takeRegistrationChallenge(sessionTokenHash: string): Promise<string | undefined> {
      return repo.takeChallenge(sessionTokenHash, "registration", clock());
    },

    /** Checks the authenticator's answer to the challenge and keeps the passkey, in the caller's transaction. */
    async register(writer: StaffRepository, member: StaffMemberRow, challenge: string | undefined, input: PasskeyRegisterInput): Promise<PasskeyRow> {
      const invalid = () => AppError.badRequest("PASSKEY_REGISTRATION_INVALID", "The passkey could not be checked: start again.", "response");
      if (!challenge) throw invalid();
      const result = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origins,
        expectedRPID: party.id,
        requireUserVerification: false,
      }).catch(() => null);
      if (!result?.verified) throw invalid();
      const { credential } = result.registrationInfo;
      const row = {
        credentialId: credential.id,
        customerUuid: member.customerUuid,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name.trim(),
        createdAt: clock().toISOString(),
      };
      // The same authenticator twice (excluded by the options, but a client may ignore them): refused, not a second row.
      if ((await writer.passkeys(member.customerUuid)).some((p) => p.credentialId === row.credentialId)) throw invalid();
      await writer.insertPasskey(row);
      return { ...row, lastUsedAt: null };
    },

    async authenticationOptions(member: StaffMemberRow, sessionTokenHash: string): Promise<PasskeyOptions> {
      const passkeys = await repo.passkeys(member.customerUuid);
      if (passkeys.length === 0) throw AppError.badRequest("SECOND_FACTOR_NOT_ENROLLED", "This account has no passkey: use the authenticator app.", "passkey");
      const options = await generateAuthenticationOptions({
        rpID: party.id,
        allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
        userVerification: "preferred",
      });
      await repo.putChallenge(sessionTokenHash, "authentication", options.challenge, challengeExpiry());
      return asOptions(options);
    },

    /** Whether the assertion answers the session's challenge with one of the member's passkeys; records its use. */
    async verifyAssertion(writer: StaffRepository, member: StaffMemberRow, sessionTokenHash: string, assertion: AuthenticationResponseJSON): Promise<boolean> {
      const now = clock();
      const challenge = await writer.takeChallenge(sessionTokenHash, "authentication", now);
      const passkey = (await writer.passkeys(member.customerUuid)).find((p) => p.credentialId === assertion.id);
      if (!challenge || !passkey) return false;
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge,
        expectedOrigin: party.origins,
        expectedRPID: party.id,
        credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      }).catch(() => null);
      if (!result?.verified) return false;
      return writer.usePasskey(passkey.credentialId, member.customerUuid, result.authenticationInfo.newCounter, now);
    },
  };
}
