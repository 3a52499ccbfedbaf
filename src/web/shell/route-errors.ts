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
 * idled out logs in again (both come back here after); anything else as pageNotFoundOn (anyone
 * but staff gets the API's 404, so the page does not exist for them).
 */
export function staffPageOn(error: unknown, url: URL): never {
  const back = url.pathname + url.search;
  if (isApiError(error) && error.status === 401) {
    const code = error.errors[0]?.code;
    if (code === "SECOND_FACTOR_REQUIRED") throw redirect(`${SECOND_FACTOR_PATH}?${new URLSearchParams({ next: back })}`);
    if (code === "STAFF_SESSION_EXPIRED" || code === "NOT_AUTHENTICATED") throw redirect(`/auth?${new URLSearchParams({ next: back })}`);
  }
  pageNotFoundOn(error);
}
