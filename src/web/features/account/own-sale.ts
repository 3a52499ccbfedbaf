import type { AppLoadContext } from "react-router";
import { requireCustomer } from "./require-customer.ts";
import { pageNotFoundOn } from "../../shell/route-errors.ts";

/** A sale of the logged-in customer (visitors go to the login page); any other sale is a 404. */
export async function loadOwnSale(saleUuid: string, request: Request, context: AppLoadContext) {
  await requireCustomer(request, context);
  try {
    return { sale: await context.api.sale(saleUuid) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}
