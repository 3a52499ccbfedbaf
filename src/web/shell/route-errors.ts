import { data, redirect } from "react-router";
import { isApiError } from "../api-client/client.ts";

/**
 * A loader's catch: a redirect passes through, a client error from the API (unknown id, malformed
 * path) means the page does not exist, and anything else is our bug and stays a 500.
 */
export function pageNotFoundOn(error: unknown): never {
  if (error instanceof Response) throw error;
  if (isApiError(error) && error.status < 500) throw data(null, { status: 404 });
  throw error;
}

/** Where a back-office page sends staff whose session lacks its second factor, with the way back. */
export const SECOND_FACTOR_PATH = "/ops/second-factor";

/**
 * A back-office loader's catch: a session without its second factor goes to give it, one that
 * idled out logs in again (both come back here after), one whose roles do not allow it gets a 403;
 * anything else as pageNotFoundOn (anyone but staff gets the API's 404, so the page does not exist
 * for them).
 */
export function staffPageOn(error: unknown, url: URL): never {
  if (isApiError(error) && error.status === 401) {
    const code = error.errors[0]?.code;
    // Never from the second-factor page to itself: there it would be a loop.
    if (code === "SECOND_FACTOR_REQUIRED" && url.pathname !== SECOND_FACTOR_PATH) throw redirect(secondFactorTarget(url));
    if (code === "STAFF_SESSION_EXPIRED" || code === "NOT_AUTHENTICATED") throw redirect(`/auth?${new URLSearchParams({ next: url.pathname + url.search })}`);
  }
  // Staff whose roles do not open the page: it exists, it is not theirs (a page may say so itself first).
  if (isRoleRefusal(error)) throw data(null, { status: 403 });
  pageNotFoundOn(error);
}

/** The second-factor page, with the way back to this page. */
export function secondFactorTarget(url: URL): string {
  return `${SECOND_FACTOR_PATH}?${new URLSearchParams({ next: url.pathname + url.search })}`;
}

/**
 * Whether the API refused because the member's roles do not allow it (403 ROLE_REQUIRED): staff
 * see that it is not theirs to do, where anyone else sees no page at all.
 */
export function isRoleRefusal(error: unknown): boolean {
  return isApiError(error, 403) && error.code === "ROLE_REQUIRED";
}
