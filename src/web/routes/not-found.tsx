import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "../components/error-page.tsx";

/**
 * Catch-all. On the first page load the server answers 404 with the error page. A client-side
 * navigation here may be a page another deployment knows, so the browser loads it whole instead.
 */
export async function loader() {
  throw data(null, { status: 404 });
}

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  window.location.assign(url.pathname + url.search + url.hash);
  return new Promise<never>(() => {});
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("errors.notFound.title")}</title>
      <ErrorPage status={404} />
    </>
  );
}
