import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { formatMoney } from "../../../domain/money.ts";
import { UNIT_DESTINATIONS } from "../../../domain/returns/returns.ts";
import type { OpsReturn } from "../../api-client/ops-returns.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { SECOND_FACTOR_PATH } from "../../shell/route-errors.ts";
import { opsButton, opsInput } from "./ops-ui.tsx";
import { decisionDraftPath, decisionsFor, destinationName, gradeName, inspectedItems, refundableTotal, returnPath, type DecisionField, type DecisionValues } from "./return-form.ts";
import { Card, FieldProblemText, useFocusOnProblem } from "./return-ui.tsx";
import type { FieldProblem } from "./unit-form.ts";

const secondFactorPath = (next: string) => `${SECOND_FACTOR_PATH}?${new URLSearchParams({ next })}`;

/**
 * The decision on a received return: a full refund, a partial one (euros, less than is left) or a
 * refusal, each with the customer's reason where it needs one, and where each unit back in the
 * house goes. A flagged return (another device came back) offers only the refusal. A refund asks
 * for a recent second factor: said before, and after a refusal with the way to give it and come
 * back with the form as typed.
 */
export function DecisionForm({ ret, values, problems, fresh }: { ret: OpsReturn; values: DecisionValues; problems: FieldProblem<DecisionField>[]; fresh: boolean }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "decide";
  const decisions = decisionsFor(ret);
  const left = refundableTotal(ret);
  const items = inspectedItems(ret);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const problemAt = (field: DecisionField) => problems.find((p) => p.field === field) ?? null;
  const textAt = (field: DecisionField) => {
    const problem = problemAt(field);
    return problem ? t(`ops.returns.problems.${problem.problem}`, { max: money(left) }) : null;
  };
  const attrs = (field: DecisionField, id: string, hint?: string) => ({
    "aria-invalid": problemAt(field) ? true : undefined,
    "aria-describedby": [hint, problemAt(field) ? `${id}-problem` : null].filter(Boolean).join(" ") || undefined,
  });
  const formProblems = problems.filter((p) => p.field === null);
  const refunds = decisions.some((d) => d !== "refused");
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, problems.length > 0 ? problems : null);
  return (
    <Card id="return-decision" heading={t("ops.returns.decide.heading")} current testId="decision-form">
      <p className="text-sm text-muted">{t(ret.identifierMismatch ? "ops.returns.decide.textMismatch" : "ops.returns.decide.text")}</p>
      {refunds && !fresh && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="second-factor-note">
          {t("ops.returns.decide.secondFactorNote")}{" "}
          <Link to={secondFactorPath(returnPath(ret))} className="font-semibold underline">
            {t("ops.returns.decide.secondFactorLink")}
          </Link>
        </p>
      )}
      {formProblems.map((p) => (
        <p key={p.problem} role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.returns.problems.${p.problem}`)}
          {p.problem === "secondFactor" && (
            <>
              {" "}
              <Link to={secondFactorPath(decisionDraftPath(ret, values))} className="font-semibold underline">
                {t("ops.returns.decide.secondFactorLink")}
              </Link>
            </>
          )}
        </p>
      ))}
      <Form ref={form} method="post" className="mt-3 space-y-4" aria-busy={busy}>
        <input type="hidden" name="intent" value="decide" />
        <fieldset aria-describedby={problemAt("decision") ? "return-decision-choice-problem" : undefined}>
          <legend className="text-sm font-semibold">{t("ops.returns.decide.decision")}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {decisions.map((decision) => (
              <label key={decision} className="flex cursor-pointer gap-2 rounded-lg border border-line p-3 text-sm has-[:checked]:border-blue-accent has-[:checked]:bg-blue-50">
                <input
                  type="radio"
                  name="decision"
                  value={decision}
                  defaultChecked={values.decision === decision}
                  required
                  aria-invalid={problemAt("decision") ? true : undefined}
                  className="mt-0.5 h-4 w-4 shrink-0"
                  data-testid={`decision-${decision}`}
                />
                <span>
                  <span className="block font-semibold">{t(`ops.returns.decisions.${decision}`)}</span>
                  <span className="block text-muted">{t(`ops.returns.decide.explain.${decision}`, { amount: money(left) })}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldProblemText id="return-decision-choice" text={textAt("decision")} />
        </fieldset>
        {decisions.includes("partial_refund") && (
          <div className="max-w-xs">
            <label htmlFor="return-amount" className="block text-sm font-semibold">
              {t("ops.returns.decide.amount")}
            </label>
            <div className="mt-1 flex items-center gap-2">
              <input
                id="return-amount"
                name="amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values.amount}
                {...attrs("amount", "return-amount", "return-amount-hint")}
                className={`${opsInput.replace("mt-1 ", "")} tabular-nums`}
              />
              <span aria-hidden="true">€</span>
            </div>
            <p id="return-amount-hint" className="mt-1 text-xs text-muted">
              {t("ops.returns.decide.amountHint", { max: money(left) })}
            </p>
            <FieldProblemText id="return-amount" text={textAt("amount")} />
          </div>
        )}
        <div>
          <label htmlFor="return-reason" className="block text-sm font-semibold">
            {t("ops.returns.decide.reason")}
          </label>
          <textarea
            id="return-reason"
            name="reason"
            rows={3}
            maxLength={500}
            defaultValue={values.reason}
            {...attrs("reason", "return-reason", "return-reason-hint")}
            className={`${opsInput} h-auto py-1.5`}
          />
          <p id="return-reason-hint" className="mt-1 text-xs text-muted">
            {t("ops.returns.decide.reasonHint")}
          </p>
          <FieldProblemText id="return-reason" text={textAt("reason")} />
        </div>
        {refunds && items.length > 0 && (
          <fieldset className="rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{t("ops.returns.decide.units")}</legend>
            <p className="text-xs text-muted">{t("ops.returns.decide.unitsHint")}</p>
            <ul className="mt-2 space-y-3">
              {items.map((item) => {
                const field: DecisionField = `destination.${item.orderItemUuid}`;
                const id = `return-destination-${item.orderItemUuid}`;
                return (
                  <li key={item.orderItemUuid} className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr] sm:items-end">
                    <p className="text-sm">
                      <span className="font-semibold">{item.name}</span> <span className="font-mono text-muted">{item.unit?.label}</span>
                    </p>
                    <div>
                      <label htmlFor={id} className="block text-xs font-semibold">
                        {t("ops.returns.decide.destination")}
                      </label>
                      <select id={id} name={destinationName(item)} defaultValue={values.destinations[item.orderItemUuid] || "in_stock"} {...attrs(field, id)} className={opsInput}>
                        {UNIT_DESTINATIONS.map((destination) => (
                          <option key={destination} value={destination}>
                            {t(`ops.returns.destinations.${destination}`)}
                          </option>
                        ))}
                      </select>
                      <FieldProblemText id={id} text={textAt(field)} />
                    </div>
                    <div>
                      <label htmlFor={`return-grade-${item.orderItemUuid}`} className="block text-xs font-semibold">
                        {t("ops.returns.decide.grade")}
                      </label>
                      <select id={`return-grade-${item.orderItemUuid}`} name={gradeName(item)} defaultValue={values.grades[item.orderItemUuid] || item.unit?.grade} className={opsInput}>
                        {GRADES.map((grade) => (
                          <option key={grade} value={grade}>
                            {grade}
                          </option>
                        ))}
                      </select>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <button type="submit" disabled={busy} className={refunds ? opsButton.primary : opsButton.danger} data-testid="decision-submit">
          {busy ? t("ops.returns.decide.saving") : t(refunds ? "ops.returns.decide.submit" : "ops.returns.decide.submitRefusal")}
        </button>
      </Form>
    </Card>
  );
}
