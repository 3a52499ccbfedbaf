import { isApiError } from "../../api-client/client.ts";
import { hasSessionCookie } from "../../shell/cookies.ts";
import { storefront, type RouterContext } from "../../load-context.ts";

/**
 * The shown products a signed-in customer has wished, asked apart from the list (whose answer is
 * the same for everyone); null for a visitor. The hearts are extra: if they fail, the list still shows.
 */
export async function wishedAmong(request: Request, context: RouterContext, products: readonly { id: number }[]): Promise<number[] | null> {
  if (products.length === 0 || !hasSessionCookie(request.headers.get("cookie"), storefront(context))) return null;
  try {
    return (await storefront(context).api.wishedAmong(products.map((p) => p.id))).productIds;
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
}
