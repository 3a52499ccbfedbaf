import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";

export function errorKind(status: number): "notFound" | "forbidden" | "generic" | "badRequest" {
  return status === 404 ? "notFound" : status === 403 ? "forbidden" : status >= 500 ? "generic" : "badRequest";
}

/** The page for any error status: what happened and the way back. Plain links, so it works even when scripts failed. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <p className="text-6xl font-extrabold text-[var(--accent,#0b5cd5)]">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{t(`errors.${kind}.title`)}</h1>
      <p className="mt-2 text-muted">{t(`errors.${kind}.text`)}</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-[var(--accent,#0b5cd5)] px-6 py-3 font-semibold text-white">
        {t("errors.backHome")}
      </a>
    </div>
  );
}

/** An error thrown below a layout: the page keeps its header and footer, the content says what happened. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      <title>{t(`errors.${errorKind(status)}.title`)}</title>
      <meta name="robots" content="noindex" />
      <ErrorPage status={status} />
    </>
  );
}
