import { useTranslation } from "../i18n/i18n.tsx";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage, errorKind } from "./error-page.tsx";

/** An error thrown below a layout: the page keeps its header and footer, the content says what happened. */
export function RouteError() {
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
