import { redirect } from "react-router";
import { storefront, type RouterContext } from "../../load-context.ts";

/** Account pages need a login: visitors go to /auth and come back here afterwards (`url`: the page's, without React Router's `.data`). */
export async function requireCustomer(url: URL, context: RouterContext) {
  const { user } = await storefront(context).api.userMeta();
  if (!user) {
    throw redirect(`/auth?platform=my&next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  return user;
}
