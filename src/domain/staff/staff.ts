/**
 * Who may do what in the back-office, and how long a staff session's trust lasts. Pure rules; the
 * staff module applies them to the session and the member's row.
 */

/** What a staff member works on; one person may hold several. */
export const STAFF_ROLES = ["receiving", "grading", "fulfilment", "finance", "support", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff session ends after this long without a request. */
export const STAFF_IDLE_MINUTES = 30;
/** Finance actions (money going out) want the second factor given this recently. */
export const RECENT_SECOND_FACTOR_MINUTES = 5;
/** An invitation link works this long. */
export const STAFF_INVITATION_DAYS = 7;
/** A TOTP code is accepted one 30-second step early or late (clocks of phones drift). */
export const TOTP_TOLERANCE_SECONDS = 30;
export const TOTP_PERIOD_SECONDS = 30;

const MINUTE_MS = 60_000;

/** Whether one of the roles allows the action: admins may do everything staff can. */
export function mayAct(roles: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return roles.includes("admin") || allowed.some((role) => roles.includes(role));
}

/** Where a staff session stands at `now`: usable, waiting for its second factor, or ended by idling. */
export type StaffSessionState = "ready" | "second-factor-required" | "idle-expired";

export function staffSessionState(session: { secondFactorAt: Date; lastActiveAt: Date } | null, now: Date): StaffSessionState {
  if (!session) return "second-factor-required";
  if (now.getTime() - session.lastActiveAt.getTime() > STAFF_IDLE_MINUTES * MINUTE_MS) return "idle-expired";
  return "ready";
}

/** Until when a second factor given at this time counts as recent for finance actions. */
export function recentSecondFactorUntil(secondFactorAt: Date): Date {
  return new Date(secondFactorAt.getTime() + RECENT_SECOND_FACTOR_MINUTES * MINUTE_MS);
}

/** Whether the second factor was given recently enough for a finance action. */
export function secondFactorIsRecent(secondFactorAt: Date, now: Date): boolean {
  return now.getTime() <= recentSecondFactorUntil(secondFactorAt).getTime();
}

/**
 * Whether the session's last-active time is worth writing: once a minute is exact enough for a
 * 30-minute limit, and spares a write on every request.
 */
export function activityWorthRecording(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= MINUTE_MS;
}

/** The TOTP time step of a moment: a code is accepted at most once per step. */
export function totpStep(epochSeconds: number): number {
  return Math.floor(epochSeconds / TOTP_PERIOD_SECONDS);
}

/** A passkey ceremony's challenge is answered within this time, or asked for again. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** The second factors a staff account has: an authenticator app, passkeys, or both. */
export interface SecondFactors {
  totpEnrolled: boolean;
  passkeys: number;
}

export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totpEnrolled || factors.passkeys > 0;
}

/**
 * Whether a session may add a second factor: after giving one, or while the account has none at
 * all (its first factor is set up right after the password login, as an invitation asks).
 */
export function mayAddSecondFactor(factors: SecondFactors, secondFactorGiven: boolean): boolean {
  return secondFactorGiven || !hasSecondFactor(factors);
}

/** Whether removing one passkey leaves the account a second factor: the last one stays. */
export function mayRemovePasskey(factors: SecondFactors): boolean {
  return factors.totpEnrolled || factors.passkeys > 1;
}
