import type { AppLoadContext } from "react-router";
import { isApiError } from "../../api-client/client.ts";
import { hasSessionCookie } from "../../shell/cookies.ts";

/**
 * The shown products a signed-in customer has wished, asked apart from the list (whose answer is
 * the same for everyone); null for a visitor. The hearts are extra: if they fail, the list still shows.
 */
export async function wishedAmong(request: Request, context: AppLoadContext, products: readonly { id: number }[]): Promise<number[] | null> {
  if (products.length === 0 || !hasSessionCookie(request.headers.get("cookie"), context)) return null;
  try {
    return (await context.api.wishedAmong(products.map((p) => p.id))).productIds;
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
}
