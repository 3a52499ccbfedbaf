import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatMoney } from "../../../domain/money.ts";
import type { OpsReturn, OpsReturnItem } from "../../api-client/ops-returns.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { opsButton, opsInput } from "./ops-ui.tsx";
import { identifierCheck, identifierName, needsIdentifier } from "./return-form.ts";
import { Card, FieldProblemText, MismatchBadge, useFocusOnProblem } from "./return-ui.tsx";
import { unitPath, type FieldProblem } from "./unit-form.ts";
import { UnitStatusBadge } from "./unit-ui.tsx";

/** One returned item: what was bought and paid, why it came back, the unit shipped for it, and the IMEI shipped against the one scanned. */
export function ItemRow({ ret, item }: { ret: OpsReturn; item: OpsReturnItem }) {
  const { t, i18n } = useTranslation();
  const check = identifierCheck(ret, item);
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_3fr]" data-testid="return-item">
      <div>
        <p className="font-semibold">{item.name}</p>
        <p className="text-sm">{t("ops.orders.order.grade", { grade: item.grade })}</p>
        {item.reason && <p className="text-sm">{t("ops.returns.item.reason", { reason: t(`ops.returns.reasons.${item.reason}`) })}</p>}
        <p className="text-sm text-muted">
          {t("ops.returns.item.paid", { amount: formatMoney(item.paid.amount, i18n.language) })}
          {" · "}
          {t("ops.returns.item.refundable", { amount: formatMoney(item.refundable.amount, i18n.language) })}
        </p>
      </div>
      <div className="text-sm">
        {item.unit ? (
          <p>
            <Link to={unitPath(item.unit)} className="font-mono font-semibold text-blue-accent underline">
              {item.unit.label}
            </Link>{" "}
            <UnitStatusBadge status={item.unit.status} /> <span className="text-muted">{t("ops.orders.order.grade", { grade: item.unit.grade })}</span>
          </p>
        ) : (
          <p className="text-muted">{t("ops.returns.item.noUnit")}</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm sm:col-span-2 lg:col-span-1" data-testid="item-identifiers">
        <dt className="text-muted">{t("ops.returns.item.expected")}</dt>
        <dd className="break-all font-mono">{check.expected ?? "–"}</dd>
        <dt className="text-muted">{t("ops.returns.item.received")}</dt>
        <dd className="break-all">
          {check.received !== null ? <span className="font-mono">{check.received}</span> : <span className="text-muted">{t(ret.receivedIdentifiers ? "ops.returns.item.nothingScanned" : "ops.returns.item.notYet")}</span>}
          {check.matches === true && (
            <span className="ml-2 inline-flex items-center gap-1 rounded border border-green-300 bg-green-50 px-1.5 font-sans text-xs font-semibold text-green-900">
              <span aria-hidden="true">✓</span> {t("ops.returns.item.matches")}
            </span>
          )}
          {check.matches === false && (
            <span className="ml-2">
              <MismatchBadge />
            </span>
          )}
        </dd>
      </dl>
    </li>
  );
}

/** Receiving: the label is this page's; each device's IMEI read off what came back (a scanner types it with its Enter). */
export function ReceiveForm({ ret, answer, scanned }: { ret: OpsReturn; answer: { values: Record<string, string>; problems: FieldProblem<string>[] } | null; scanned: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "receive";
  const devices = ret.items.filter(needsIdentifier);
  const problems = answer?.problems ?? [];
  const firstProblem = problems.find((p) => p.field !== null)?.field;
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, answer);
  return (
    <Card id="return-receive" heading={t("ops.returns.receive.heading", { number: ret.number })} current testId="receive-form">
      <p className="text-sm text-muted">{t(devices.length > 0 ? "ops.returns.receive.text" : "ops.returns.receive.textNoDevice")}</p>
      {problems
        .filter((p) => p.field === null)
        .map((p) => (
          <p key={p.problem} role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
            {t(`ops.returns.scan.problems.${p.problem}`)}
          </p>
        ))}
      <Form ref={form} method="post" className="mt-3 space-y-3" aria-busy={busy}>
        <input type="hidden" name="intent" value="receive" />
        {devices.map((item, i) => {
          const id = `receive-${item.orderItemUuid}`;
          const problem = problems.find((p) => p.field === item.orderItemUuid);
          return (
            <div key={item.orderItemUuid} className="max-w-xl">
              <label htmlFor={id} className="block text-sm font-semibold">
                {t("ops.returns.receive.identifier", { name: item.name })}
              </label>
              <input
                id={id}
                name={identifierName(item)}
                type="text"
                required
                maxLength={64}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint={i === devices.length - 1 ? "go" : "next"}
                defaultValue={answer?.values[item.orderItemUuid]}
                autoFocus={firstProblem ? firstProblem === item.orderItemUuid : scanned && i === 0}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
                className={`${opsInput} h-11 font-mono text-lg`}
                data-testid="receive-identifier"
              />
              <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
                {t("ops.returns.receive.identifierHint")}
              </p>
              <FieldProblemText id={id} text={problem ? t(`ops.returns.scan.problems.${problem.problem}`) : null} />
            </div>
          );
        })}
        <button type="submit" disabled={busy} className={opsButton.primary} data-testid="receive-submit">
          {busy ? t("ops.returns.scan.receiving") : t("ops.returns.receive.submit")}
        </button>
      </Form>
    </Card>
  );
}
