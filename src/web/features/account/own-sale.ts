import { requireCustomer } from "./require-customer.ts";
import { pageNotFoundOn } from "../../shell/route-errors.ts";
import { storefront, type RouterContext } from "../../load-context.ts";

/** A sale of the logged-in customer (visitors go to the login page); any other sale is a 404. */
export async function loadOwnSale(saleUuid: string, url: URL, context: RouterContext) {
  await requireCustomer(url, context);
  try {
    return { sale: await storefront(context).api.sale(saleUuid) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}
