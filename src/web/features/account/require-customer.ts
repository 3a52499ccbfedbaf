import { redirect, type AppLoadContext } from "react-router";

/** Account pages need a login: visitors go to /auth and come back here afterwards. */
export async function requireCustomer(request: Request, context: AppLoadContext) {
  const { user } = await context.api.userMeta();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?platform=my&next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  return user;
}
