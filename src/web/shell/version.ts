/** A new build seen in X-Version schedules a full reload 900,000 ms later, done on the next navigation after that. */
export const RELOAD_AFTER_NEW_VERSION_MS = 900_000;

let knownVersion: string | undefined;
let reloadDueAt: number | undefined;

export function noteVersion(version: string | null | undefined, now = Date.now()): void {
  if (!version) return;
  if (knownVersion === undefined) knownVersion = version;
  else if (version !== knownVersion && reloadDueAt === undefined) reloadDueAt = now + RELOAD_AFTER_NEW_VERSION_MS;
}

/** True when a navigation should load the page whole, to pick up the new build. */
export function reloadDue(now = Date.now()): boolean {
  return reloadDueAt !== undefined && now >= reloadDueAt;
}
