import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

/**
 * An authenticator in software, as a browser's platform authenticator answers: a P-256 key pair,
 * an attestation of format "none" at registration, ES256 signatures over the authenticator data
 * and the client data at authentication, and a signature counter that rises with every use.
 * Real WebAuthn bytes, so the server's checks (@simplewebauthn/server) run as for a device.
 */
export function softwarePasskey(origin: string, rpId = new URL(origin).hostname) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  let counter = 0;
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );

  function authenticatorData(withCredential: boolean): Buffer {
    counter += 1;
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    // Flags: user present (0x01) and verified (0x04); attested credential data (0x40) at registration.
    const flags = Buffer.from([withCredential ? 0x45 : 0x05]);
    const parts = [sha256(rpId), flags, signCount];
    if (withCredential) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), idLength, credentialId, Buffer.from(cosePublicKey));
    }
    return Buffer.concat(parts);
  }

  const clientData = (type: string, challenge: string, from: string) => Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: b64url(credentialId),
    /** The answer to a registration challenge (RegistrationResponseJSON). */
    register(options: { challenge: string }, from = origin) {
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authenticatorData(true)]]) as never);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientData("webauthn.create", options.challenge, from)), attestationObject: b64url(attestationObject), transports: ["internal" as const] },
      };
    },
    /** The answer to an authentication challenge (AuthenticationResponseJSON); `replayCounter` signs with an old count. */
    assert(options: { challenge: string }, change: { from?: string; replayCounter?: number } = {}) {
      const data = clientData("webauthn.get", options.challenge, change.from ?? origin);
      if (change.replayCounter !== undefined) counter = change.replayCounter - 1;
      const authData = authenticatorData(false);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature) },
      };
    },
  };
}
