import { data, Form, redirect, useNavigation } from "react-router";
import type { InvitationAcceptError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { staffApi } from "../api-client/staff.ts";
import { requireCustomer } from "../features/account/require-customer.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import type { Route } from "./+types/ops-invitation";

await loadPageMessages();

/** The invitation link's page: the invited person, logged in with the invited address, accepts and goes on to set up the second factor. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(url, context);
  return { token: url.searchParams.get("token") ?? "", email: customer.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    await staffApi(storefront(context).api).acceptStaffInvitation(String(form.get("token") ?? ""));
    return redirect("/ops/second-factor", 303);
  } catch (error) {
    if (!isApiError<InvitationAcceptError>(error) || error.status >= 500) throw error;
    const problem = error.code === "STAFF_INVITATION_WRONG_ACCOUNT" ? "wrongAccount" : error.code === "NOT_AUTHENTICATED" ? "loggedOut" : "invalid";
    return data({ problem }, { status: error.status });
  }
}

export default function OpsInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-8">
      <title>{t("ops.invitation.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("ops.invitation.title")}</h1>
      <p className="mt-2 text-muted">{t("ops.invitation.intro", { email: loaderData.email })}</p>
      {actionData?.problem && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`ops.invitation.problems.${actionData.problem}`)}
        </p>
      )}
      <Form method="post" className="mt-6" aria-busy={busy}>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" disabled={busy || loaderData.token === ""} className="h-11 w-full rounded-full bg-[var(--accent)] px-5 font-semibold text-white disabled:opacity-60">
          {busy ? t("ops.invitation.accepting") : t("ops.invitation.accept")}
        </button>
      </Form>
    </div>
  );
}
