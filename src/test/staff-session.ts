import { generate } from "otplib";

/** The code an authenticator app shows for this secret now (or at `at`). */
export function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
