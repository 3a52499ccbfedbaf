import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SHIPPING_CARRIER_NAMES, SHIPPING_CARRIERS } from "../../../domain/checkout/carriers.ts";
import type { OpsClaim } from "../../api-client/ops-returns.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { SECOND_FACTOR_PATH } from "../../shell/route-errors.ts";
import { claimDraftPath, claimPath, type ClaimField, type ClaimValues, type OpenDecision } from "./claim-form.ts";
import { opsButton, opsInput } from "./ops-ui.tsx";
import { Card, FieldProblemText, useFocusOnProblem } from "./return-ui.tsx";
import type { FieldProblem } from "./unit-form.ts";

const secondFactorPath = (next: string) => `${SECOND_FACTOR_PATH}?${new URLSearchParams({ next })}`;

/** The form's problems that concern no one field, with the way to the second factor where that is the problem. */
function FormProblems({ claim, values, problems }: { claim: OpsClaim; values: ClaimValues; problems: FieldProblem<ClaimField>[] }) {
  const { t } = useTranslation();
  return problems
    .filter((p) => p.field === null)
    .map((p) => (
      <p key={p.problem} role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
        {t(`ops.claims.problems.${p.problem}`)}
        {p.problem === "secondFactor" && (
          <>
            {" "}
            <Link to={secondFactorPath(claimDraftPath(claim, values))} className="font-semibold underline">
              {t("ops.claims.decide.secondFactorLink")}
            </Link>
          </>
        )}
      </p>
    ));
}

const problemOf = (problems: FieldProblem<ClaimField>[], field: ClaimField) => problems.find((p) => p.field === field) ?? null;
const describedBy = (problems: FieldProblem<ClaimField>[], field: ClaimField, id: string, hint?: string) => ({
  "aria-invalid": problemOf(problems, field) ? true : undefined,
  "aria-describedby": [hint, problemOf(problems, field) ? `${id}-problem` : null].filter(Boolean).join(" ") || undefined,
});

/** A claim form's state: whether it is being sent, its element (focused on a refusal) and each field's refusal in words. */
function useClaimForm(intent: "decide" | "repaired", problems: FieldProblem<ClaimField>[]) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, problems.length > 0 ? problems : null);
  const text = (field: ClaimField) => {
    const problem = problemOf(problems, field);
    return problem ? t(`ops.claims.problems.${problem.problem}`) : null;
  };
  return { busy, form, text };
}

/**
 * The first decision on an open claim: repair, a replacement through fulfilment, the money back, or
 * a refusal with its reason (what the customer wished is marked). The money back asks for a recent
 * second factor: said before, and after a refusal with the way there and back, as typed.
 */
export function ClaimDecisionForm({ claim, decisions, values, problems, fresh }: { claim: OpsClaim; decisions: OpenDecision[]; values: ClaimValues; problems: FieldProblem<ClaimField>[]; fresh: boolean }) {
  const { t } = useTranslation();
  const { busy, form, text } = useClaimForm("decide", problems);
  return (
    <Card id="claim-decision" heading={t("ops.claims.decide.heading")} current testId="claim-decision-form">
      <p className="text-sm text-muted">{t("ops.claims.decide.text")}</p>
      {decisions.includes("refund") && !fresh && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="second-factor-note">
          {t("ops.claims.decide.secondFactorNote")}{" "}
          <Link to={secondFactorPath(claimPath(claim))} className="font-semibold underline">
            {t("ops.claims.decide.secondFactorLink")}
          </Link>
        </p>
      )}
      <FormProblems claim={claim} values={values} problems={problems} />
      <Form ref={form} method="post" className="mt-3 space-y-4" aria-busy={busy}>
        <input type="hidden" name="intent" value="decide" />
        <fieldset aria-describedby={problemOf(problems, "decision") ? "claim-decision-choice-problem" : undefined}>
          <legend className="text-sm font-semibold">{t("ops.claims.decide.decision")}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {decisions.map((decision) => (
              <label key={decision} className="flex cursor-pointer gap-2 rounded-lg border border-line p-3 text-sm has-[:checked]:border-blue-accent has-[:checked]:bg-blue-50">
                <input type="radio" name="decision" value={decision} defaultChecked={values.decision === decision} required aria-invalid={problemOf(problems, "decision") ? true : undefined} className="mt-0.5 h-4 w-4 shrink-0" data-testid={`claim-decision-${decision}`} />
                <span>
                  <span className="block font-semibold">
                    {t(`ops.claims.decisions.${decision}`)}
                    {decision === claim.remedy && <span className="ml-1 font-normal text-muted">({t("ops.claims.decide.wished")})</span>}
                  </span>
                  <span className="block text-muted">{t(`ops.claims.decide.explain.${decision}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldProblemText id="claim-decision-choice" text={text("decision")} />
        </fieldset>
        <div>
          <label htmlFor="claim-reason" className="block text-sm font-semibold">
            {t("ops.claims.decide.reason")}
          </label>
          <textarea
            id="claim-reason"
            name="reason"
            rows={3}
            maxLength={500}
            defaultValue={values.reason}
            {...describedBy(problems, "reason", "claim-reason", "claim-reason-hint")}
            className={`${opsInput} h-auto py-1.5`}
          />
          <p id="claim-reason-hint" className="mt-1 text-xs text-muted">
            {t("ops.claims.decide.reasonHint")}
          </p>
          <FieldProblemText id="claim-reason" text={text("reason")} />
        </div>
        <button type="submit" disabled={busy} className={opsButton.primary} data-testid="claim-decision-submit">
          {busy ? t("ops.claims.decide.saving") : t("ops.claims.decide.submit")}
        </button>
      </Form>
    </Card>
  );
}

/** The repair done: the parcel that takes the device back, by carrier and tracking number. */
export function RepairedForm({ claim, values, problems }: { claim: OpsClaim; values: ClaimValues; problems: FieldProblem<ClaimField>[] }) {
  const { t } = useTranslation();
  const { busy, form, text } = useClaimForm("repaired", problems);
  return (
    <Card id="claim-repaired" heading={t("ops.claims.repaired.heading")} current testId="claim-repaired-form">
      <p className="text-sm text-muted">{t("ops.claims.repaired.text")}</p>
      <FormProblems claim={claim} values={values} problems={problems} />
      <Form ref={form} method="post" className="mt-3 flex flex-wrap items-start gap-3" aria-busy={busy}>
        <input type="hidden" name="intent" value="repaired" />
        <input type="hidden" name="decision" value="repaired" />
        <div className="w-40">
          <label htmlFor="claim-carrier" className="block text-sm font-semibold">
            {t("ops.orders.ship.carrier")}
          </label>
          <select id="claim-carrier" name="carrier" defaultValue={values.carrier || "dhl"} {...describedBy(problems, "carrier", "claim-carrier")} className={opsInput}>
            {SHIPPING_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {SHIPPING_CARRIER_NAMES[carrier]}
              </option>
            ))}
          </select>
          <FieldProblemText id="claim-carrier" text={text("carrier")} />
        </div>
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="claim-tracking" className="block text-sm font-semibold">
            {t("ops.orders.ship.trackingNumber")}
          </label>
          <input
            id="claim-tracking"
            name="trackingNumber"
            type="text"
            required
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.trackingNumber}
            autoFocus={problemOf(problems, "trackingNumber") !== null}
            {...describedBy(problems, "trackingNumber", "claim-tracking")}
            className={`${opsInput} font-mono`}
            data-testid="claim-tracking"
          />
          <FieldProblemText id="claim-tracking" text={text("trackingNumber")} />
        </div>
        <button type="submit" disabled={busy} className={`${opsButton.primary} mt-6`} data-testid="claim-repaired-submit">
          {busy ? t("ops.claims.decide.saving") : t("ops.claims.repaired.submit")}
        </button>
      </Form>
    </Card>
  );
}
