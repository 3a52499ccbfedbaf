import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { isApiError } from "../api-client/client.ts";

/** The footer form posts here; works with and without JavaScript (the layout then shows the result). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const result = await context.api.newsletterSubscribe({
      email: String(form.get("email") ?? ""),
      source: "footer",
      subscriptionType: "general",
      locale: context.locale,
    });
    return { ok: true as const, status: result.status };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return data({ ok: false as const, status: null }, { status: error.status });
    throw error;
  }
}
