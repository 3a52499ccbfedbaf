import { browserSupportsWebAuthn, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useState, type FormEvent } from "react";
import type { OpsMe, PasskeyRegisterError, SecondFactorError } from "../../../api/contract.ts";
import { isApiError } from "../../api-client/client.ts";
import { browserApi } from "../../api-client/browser.ts";
import { staffApi } from "../../api-client/staff.ts";
import { TextField } from "../../components/text-field.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { opsButton } from "./ops-ui.tsx";

/** Why a passkey ceremony ended without success, as the page tells it. */
export type PasskeyProblem = "unsupported" | "cancelled" | "invalid" | "failed";

/** The browser's or the API's refusal as one of the problems the page words. */
function problemOf(error: unknown): PasskeyProblem {
  if (isApiError<SecondFactorError | PasskeyRegisterError>(error)) {
    const code = error.errors[0]?.code;
    return code === "SECOND_FACTOR_INVALID" || code === "PASSKEY_REGISTRATION_INVALID" ? "invalid" : "failed";
  }
  // The browser's own refusals: the person closed the dialog, or the authenticator knew the key already.
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "cancelled";
  if (name === "InvalidStateError") return "invalid";
  return "failed";
}

const api = () => staffApi(browserApi);

/** Answers the session's passkey challenge; the session then has its second factor. */
async function confirmWithPasskey(): Promise<OpsMe> {
  const options = await api().passkeyAuthenticationOptions();
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return api().opsSecondFactor({ passkey: answer as never });
}

/** Creates a passkey on this device (or a security key) and keeps it with the account. */
async function registerPasskey(name: string): Promise<OpsMe> {
  const options = await api().passkeyRegistrationOptions();
  const answer = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return api().passkeyRegister({ name, response: answer as never });
}

/** Passkeys need the browser's WebAuthn and JavaScript: until both are known here, the buttons wait. */
function useWebAuthn(): "pending" | "yes" | "no" {
  const [support, setSupport] = useState<"pending" | "yes" | "no">("pending");
  useEffect(() => setSupport(browserSupportsWebAuthn() ? "yes" : "no"), []);
  return support;
}

function ProblemText({ problem, id }: { problem: PasskeyProblem | null; id: string }) {
  const { t } = useTranslation();
  return problem ? (
    <p id={id} role="alert" className="mt-2 text-sm text-red-700">
      {t(`ops.passkeys.problems.${problem}`)}
    </p>
  ) : null;
}

/** "Confirm with passkey": the second factor by one of the account's passkeys. */
export function PasskeySignIn({ onDone }: { onDone: (me: OpsMe) => void }) {
  const { t } = useTranslation();
  const support = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  async function run() {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await confirmWithPasskey());
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }
  return (
    <div>
      <button type="button" onClick={run} disabled={support !== "yes" || busy} aria-describedby={problem ? "passkey-signin-problem" : undefined} className={`${opsButton.primary} w-full`}>
        {busy ? t("ops.passkeys.waiting") : t("ops.passkeys.signIn")}
      </button>
      <ProblemText problem={support === "no" ? "unsupported" : problem} id="passkey-signin-problem" />
    </div>
  );
}

/** Names and creates a passkey: an account's first factor, or one more device. */
export function PasskeyAdd({ onDone, defaultName }: { onDone: (me: OpsMe) => void; defaultName: string }) {
  const { t } = useTranslation();
  const support = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim() || defaultName;
    setBusy(true);
    setProblem(null);
    try {
      onDone(await registerPasskey(name));
      setBusy(false);
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={busy} data-testid="passkey-add">
      <TextField label={t("ops.passkeys.name")} name="name" defaultValue={defaultName} maxLength={60} hint={t("ops.passkeys.nameHint")} />
      <button type="submit" disabled={support !== "yes" || busy} className={opsButton.secondary}>
        {busy ? t("ops.passkeys.waiting") : t("ops.passkeys.add")}
      </button>
      <ProblemText problem={support === "no" ? "unsupported" : problem} id="passkey-add-problem" />
    </form>
  );
}
