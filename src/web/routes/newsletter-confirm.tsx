import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { isApiError } from "../api-client/client.ts";

/** The link in the opt-in e-mail lands here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return data({ email: null }, { status: 404 });
  try {
    const result = await context.api.newsletterConfirm(token);
    return { email: result.email };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return data({ email: null }, { status: 404 });
    throw error;
  }
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const ok = loaderData.email !== null;
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{ok ? t("newsletter.confirm.successTitle") : t("newsletter.confirm.invalidTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{ok ? t("newsletter.confirm.successTitle") : t("newsletter.confirm.invalidTitle")}</h1>
      <p className="mt-2 text-muted">{ok ? t("newsletter.confirm.successText", { email: loaderData.email }) : t("newsletter.confirm.invalidText")}</p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white">
        {t("errors.backHome")}
      </Link>
    </div>
  );
}
