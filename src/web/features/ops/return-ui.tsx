import { useEffect, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import type { ClaimStatus, ReturnStatus } from "../../../domain/returns/returns.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

const badge = "inline-block whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold";
const OPEN = "border-blue-200 bg-blue-50 text-blue-900";
const DONE = "border-green-300 bg-green-50 text-green-900";
const REFUSED = "border-red-300 bg-red-50 text-red-900";

const RETURN_TONE: Record<ReturnStatus, string> = {
  requested: "border-line bg-white text-ink",
  received: OPEN,
  refunded: DONE,
  partially_refunded: DONE,
  refused: REFUSED,
  withdrawn: "border-line bg-canvas text-muted",
};
const CLAIM_TONE: Record<ClaimStatus, string> = {
  open: OPEN,
  in_repair: "border-amber-300 bg-amber-50 text-amber-900",
  repaired: DONE,
  replaced: DONE,
  refunded: DONE,
  refused: REFUSED,
};

/** A return's status as a small label (ops.returns.statuses). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${RETURN_TONE[status]}`} data-testid="return-status">
      {t(`ops.returns.statuses.${status}`)}
    </span>
  );
}

/** A warranty claim's status as a small label (ops.claims.statuses). */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${CLAIM_TONE[status]}`} data-testid="claim-status">
      {t(`ops.claims.statuses.${status}`)}
    </span>
  );
}

/** Another device came back than the one shipped: in words and a mark, never by colour alone. */
export function MismatchBadge() {
  const { t } = useTranslation();
  return (
    <span className={`${badge} inline-flex items-center gap-1 border-red-700 bg-red-700 uppercase text-white`} data-testid="mismatch-badge">
      <span aria-hidden="true">!!</span>
      {t("ops.returns.mismatch.badge")}
    </span>
  );
}

/** One fact of a page's head: its name above its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{term}</dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  );
}

/** A card with its heading; the step to do now stands out by its frame. */
export function Card({ id, heading, children, className = "", current = false, testId }: { id: string; heading: ReactNode; children: ReactNode; className?: string; current?: boolean; testId?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl bg-white p-4 ${current ? "border-2 border-blue-accent" : "border border-line"} ${className}`} data-testid={testId}>
      <h2 id={id} className="font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A form's problem at its field, tied to it by the field's aria-describedby (`${id}-problem`). */
export function FieldProblemText({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-800">
      {text}
    </p>
  );
}

/** What a page says once a form went through (role=status), or why the form was refused as a whole (role=alert). */
export function Notice({ tone, children, testId }: { tone: "done" | "problem"; children: ReactNode; testId?: string }) {
  return tone === "done" ? (
    <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900" data-testid={testId}>
      {children}
    </p>
  ) : (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800" data-testid={testId}>
      {children}
    </p>
  );
}

/** A list's queues as tabs: all, or one status (the current one marked for assistive technology too). */
export function StatusTabs<S extends string>({ label, statuses, current, pathOf, textOf, all }: { label: string; statuses: readonly S[]; current: S | null; pathOf: (status: S | null) => string; textOf: (status: S) => string; all: string }) {
  const tab = "block rounded-lg border border-line bg-white px-3 py-1.5 font-semibold aria-[current=page]:border-blue-accent aria-[current=page]:bg-blue-accent aria-[current=page]:text-white";
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-1 text-sm">
        <li>
          <Link to={pathOf(null)} aria-current={current === null ? "page" : undefined} className={tab}>
            {all}
          </Link>
        </li>
        {statuses.map((status) => (
          <li key={status}>
            <Link to={pathOf(status)} aria-current={status === current ? "page" : undefined} className={tab}>
              {textOf(status)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * After a form came back refused, the keyboard goes to its first field with a problem, its text
 * selected (the next scan or typing replaces it); a refusal of the whole form is read out by its alert.
 */
export function useFocusOnProblem(form: RefObject<HTMLFormElement | null>, answer: unknown) {
  useEffect(() => {
    if (!answer) return;
    const field = form.current?.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("[aria-invalid=true]");
    if (!field) return;
    field.focus();
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select();
  }, [form, answer]);
}
