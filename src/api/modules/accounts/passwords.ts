import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so the answer's timing does not tell which addresses have accounts. */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash("no account has this password");
  await passwordMatches(await dummyHash, password);
}
