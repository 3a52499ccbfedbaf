import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import type { SecondFactorError } from "../../api/contract.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { isApiError } from "../api-client/client.ts";
import { staffApi } from "../api-client/staff.ts";
import { TextField } from "../components/text-field.tsx";
import { PasskeyAdd, PasskeySignIn } from "../features/ops/passkeys.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { SECOND_FACTOR_PATH, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-second-factor";
import { secondFactorIsFresh } from "../features/ops/second-factor.ts";

await loadPageMessages();

/** Back into the back-office only: a `next` elsewhere goes to its overview. */
const backTo = (value: unknown) => {
  const target = safeRedirectTarget(value, "/ops");
  return /^\/ops(?:[/?]|$)/.test(target) && !target.startsWith(SECOND_FACTOR_PATH) ? target : "/ops";
};

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    const me = await staffApi(storefront(context).api).opsMe();
    // Given and still recent: nothing to do here. Given longer ago, money going out asks again.
    const recent = secondFactorIsFresh(me);
    if (me.secondFactor.given && recent) throw redirect(backTo(url.searchParams.get("next")));
    return { me, next: backTo(url.searchParams.get("next")) };
  } catch (error) {
    staffPageOn(error, url);
  }
}

type ActionAnswer = { setup: { secret: string; otpauthUri: string } } | { problem: "invalid" | "notEnrolled" | "failed" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = staffApi(storefront(context).api);
  try {
    // A passkey answered in the browser: on to the page asked for, every loader (the frame's too) read anew.
    if (form.get("intent") === "passkey-given") return redirect(backTo(form.get("next")));
    if (form.get("intent") === "setup") return data<ActionAnswer>({ setup: await api.opsTotpSetup() });
    await api.opsSecondFactor({ code: String(form.get("code") ?? "").replace(/\s/g, "") });
    return redirect(backTo(form.get("next")));
  } catch (error) {
    if (isApiError<SecondFactorError>(error) && error.status === 400) {
      const code = error.errors[0]?.code;
      return data<ActionAnswer>({ problem: code === "SECOND_FACTOR_NOT_ENROLLED" ? "notEnrolled" : "invalid" }, { status: 400 });
    }
    staffPageOn(error, url);
  }
}

/**
 * The back-office's second step after the password: a passkey, or the authenticator app's six
 * digits. An account without either sets one up here first: a passkey on this device, or the app's
 * secret (typed into the app, or as otpauth link).
 */
export default function OpsSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const { me, next } = loaderData;
  const setup = actionData && "setup" in actionData ? actionData.setup : null;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const { totpEnrolled, passkeys } = me.secondFactor;
  const noFactor = !totpEnrolled && passkeys.length === 0;
  const done = () => void submit({ intent: "passkey-given", next }, { method: "post" });
  return (
    <div className="mx-auto max-w-md py-6">
      <title>{t("ops.secondFactor.title")}</title>
      <h1 className="text-2xl font-extrabold">{t("ops.secondFactor.title")}</h1>
      <p className="mt-2 text-muted">{t(passkeys.length > 0 ? "ops.secondFactor.introPasskey" : "ops.secondFactor.intro", { email: me.email })}</p>
      {passkeys.length > 0 && (
        <div className="mt-6">
          <PasskeySignIn onDone={done} />
        </div>
      )}
      {noFactor && !setup && (
        <>
          <section aria-labelledby="passkey-first" className="mt-6 rounded-2xl border border-line bg-white p-4">
            <h2 id="passkey-first" className="font-bold">
              {t("ops.passkeys.firstTitle")}
            </h2>
            <p className="mb-3 mt-1 text-sm text-muted">{t("ops.passkeys.firstText")}</p>
            <PasskeyAdd onDone={done} defaultName={t("ops.passkeys.defaultName")} />
          </section>
          <Form method="post" className="mt-6 rounded-2xl border border-line bg-white p-4">
            <p>{t("ops.secondFactor.notEnrolled")}</p>
            <button type="submit" name="intent" value="setup" className="mt-3 h-11 rounded-full border border-line px-5 font-semibold">
              {t("ops.secondFactor.setUp")}
            </button>
          </Form>
        </>
      )}
      {setup && (
        <section aria-labelledby="totp-setup" className="mt-6 rounded-2xl border border-line bg-white p-4" data-testid="totp-setup">
          <h2 id="totp-setup" className="font-bold">
            {t("ops.secondFactor.setupTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("ops.secondFactor.setupText")}</p>
          <p className="mt-3 break-all font-mono text-lg tracking-wider" data-testid="totp-secret">
            {setup.secret}
          </p>
          <a href={setup.otpauthUri} className="mt-2 inline-block text-sm text-[var(--accent)] underline">
            {t("ops.secondFactor.openInApp")}
          </a>
        </section>
      )}
      {(totpEnrolled || setup || problem) && (
        <Form method="post" className="mt-6 space-y-4" aria-busy={busy}>
          {passkeys.length > 0 && <p className="text-sm text-muted">{t("ops.secondFactor.orCode")}</p>}
          <input type="hidden" name="next" value={next} />
          <TextField
            label={t("ops.secondFactor.code")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            autoFocus
            error={problem ? t(`ops.secondFactor.problems.${problem}`) : undefined}
          />
          <button type="submit" disabled={busy} className="h-11 w-full rounded-full bg-[var(--accent)] px-5 font-semibold text-white disabled:opacity-60">
            {busy ? t("ops.secondFactor.checking") : t("ops.secondFactor.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
