import { data } from "react-router";
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
