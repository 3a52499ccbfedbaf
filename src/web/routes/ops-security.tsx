import { data, Form, useNavigation, useRevalidator } from "react-router";
import type { PasskeyDeleteError, PasskeyView } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { staffApi } from "../api-client/staff.ts";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { PasskeyAdd } from "../features/ops/passkeys.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-security";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    const me = await staffApi(storefront(context).api).opsMe();
    return { me, locale: storefront(context).locale };
  } catch (error) {
    staffPageOn(error, url);
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    await staffApi(storefront(context).api).passkeyDelete(String(form.get("passkey") ?? ""));
    return { removed: String(form.get("name") ?? "") };
  } catch (error) {
    // A second factor given too long ago: asked again, then back here (staffPageOn's redirect).
    if (isApiError<PasskeyDeleteError>(error) && (error.status === 409 || error.status === 404)) return data({ problem: error.code === "LAST_SECOND_FACTOR" ? ("last" as const) : ("gone" as const) }, { status: error.status });
    staffPageOn(error, url);
  }
}

function PasskeyRow({ passkey, locale }: { passkey: PasskeyView; locale: Route.ComponentProps["loaderData"]["locale"] }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("passkey") === passkey.id;
  return (
    <tr>
      <th scope="row" className={`${tableCell} text-left font-semibold`}>
        {passkey.name}
      </th>
      <td className={tableCell}>{formatDate(passkey.createdAt, locale, "medium")}</td>
      <td className={tableCell}>{passkey.lastUsedAt ? formatDate(passkey.lastUsedAt, locale, "medium-time") : t("ops.passkeys.neverUsed")}</td>
      <td className={tableCell}>
        <Form method="post" onSubmit={(event) => !window.confirm(t("ops.passkeys.confirmRemove", { name: passkey.name })) && event.preventDefault()}>
          <input type="hidden" name="passkey" value={passkey.id} />
          <input type="hidden" name="name" value={passkey.name} />
          <button type="submit" disabled={busy} className={opsButton.secondary} aria-label={t("ops.passkeys.removeNamed", { name: passkey.name })}>
            {busy ? t("ops.passkeys.removing") : t("ops.passkeys.remove")}
          </button>
        </Form>
      </td>
    </tr>
  );
}

/** One's own sign-in to the back-office: the passkeys (add one, remove a lost one) and the authenticator app. */
export default function OpsSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { me, locale } = loaderData;
  const { passkeys, totpEnrolled } = me.secondFactor;
  return (
    <>
      <OpsPageTitle title={t("ops.passkeys.title")} intro={t("ops.passkeys.intro", { email: me.email })} />
      {actionData && "removed" in actionData && (
        <p role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 p-2 text-sm">
          {t("ops.passkeys.removed", { name: actionData.removed })}
        </p>
      )}
      {actionData && "problem" in actionData && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.passkeys.problems.${actionData.problem}`)}
        </p>
      )}
      <div className="mt-4">
        <TableCard
          id="passkeys"
          heading={t("ops.passkeys.listTitle")}
          columns={[t("ops.passkeys.name"), t("ops.passkeys.created"), t("ops.passkeys.lastUsed"), <span className="sr-only">{t("ops.passkeys.actions")}</span>]}
          rows={passkeys.map((p) => <PasskeyRow key={p.id} passkey={p} locale={locale} />)}
          empty={t("ops.passkeys.empty")}
          minWidth="36rem"
          testId="passkey-list"
        />
      </div>
      <section aria-labelledby="passkey-new" className="mt-4 max-w-md rounded-xl border border-line bg-white p-4">
        <h2 id="passkey-new" className="font-bold">
          {t("ops.passkeys.addTitle")}
        </h2>
        <p className="mb-3 mt-1 text-sm text-muted">{t("ops.passkeys.addText")}</p>
        <PasskeyAdd onDone={() => void revalidator.revalidate()} defaultName={t("ops.passkeys.defaultName")} />
      </section>
      <p className="mt-4 text-sm" data-testid="totp-state">
        {t(totpEnrolled ? "ops.passkeys.totpOn" : "ops.passkeys.totpOff")}
      </p>
    </>
  );
}
