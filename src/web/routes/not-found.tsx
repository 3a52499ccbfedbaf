import { data } from "react-router";

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

/** Never rendered: the loader always throws, and the layout's error boundary shows the page. */
export default function NotFound() {
  return null;
}
