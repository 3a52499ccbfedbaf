import { data } from "react-router";
import type { Route } from "./+types/error-status";
import { ErrorPage } from "../components/error-page.tsx";
import { loadDeferredMessages } from "../i18n/client-messages.ts";

// The error texts are not in the first-load bundle: they arrive with this code.
await loadDeferredMessages();

/** The page for a response served with an error code, e.g. by a proxy or a failed action: /error/503. */
export async function loader({ params }: Route.LoaderArgs) {
  const status = Number(params.status);
  const valid = Number.isInteger(status) && status >= 400 && status <= 599;
  return data({ status: valid ? status : 404 }, { status: valid ? status : 404 });
}

export default function ErrorStatus({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={loaderData.status} />;
}
