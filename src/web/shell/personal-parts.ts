import type { UserMeta } from "../../api/contract.ts";

/** The signed-in customer as the header shows them. */
export interface ShellCustomer {
  email: string;
  locale: string;
  emailDeliverable: boolean;
  staff: boolean;
}

/** What the shell shows of the visitor: login state, cart count, alerts. */
export interface PersonalParts {
  customer: ShellCustomer | null;
  cartCount: number;
  buyAlertCount: number;
}

export function personalPartsOf(meta: UserMeta): PersonalParts {
  const { user } = meta;
  return {
    customer: user && { email: user.email, locale: user.locale, emailDeliverable: user.emailDeliverable, staff: user.staff },
    cartCount: meta.cart.itemCount,
    buyAlertCount: meta.numberOfBuyAlerts ?? 0,
  };
}

/** The parts, asked of the API from the browser; as everyone sees them when that fails: nothing personal is no reason to break the page. */
export async function askPersonalParts(): Promise<PersonalParts> {
  const { browserApi } = await import("../api-client/browser.ts");
  return browserApi.userMeta().then(personalPartsOf, () => ({ customer: null, cartCount: 0, buyAlertCount: 0 }));
}

/** What a shared page asks for a customer after it arrives: a list's hearts, or a product's watch status. */
export type CustomerPartRequest = { wishedAmong: readonly number[] } | { watchStatus: number };

export async function askCustomerPart(request: CustomerPartRequest): Promise<unknown> {
  const { browserApi } = await import("../api-client/browser.ts");
  return "wishedAmong" in request ? (await browserApi.wishedAmong(request.wishedAmong)).productIds : browserApi.watchStatus(request.watchStatus);
}
