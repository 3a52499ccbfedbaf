import { data } from "react-router";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form of a page action. Anything that is not a readable form (JSON, an empty or broken
 * body) is the client's mistake: a 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw data("This address takes a form (application/x-www-form-urlencoded).", { status: 400 });
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
}

/** The path (and query) of the page the visitor came from, when it is one of ours; null otherwise or when unreadable. */
export function sameSiteReferer(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer, request.url);
    return from.origin === new URL(request.url).origin ? from.pathname + from.search : null;
  } catch {
    return null;
  }
}
