import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { AccountFrame } from "./account-nav.tsx";
import { useCustomer } from "./customer.ts";
import { orderPath, withKey } from "./order-returns.ts";

/**
 * An order's pages: in the account's frame for a customer, on their own for a guest who came with
 * the key from the order mail (a guest has no account to navigate).
 */
export function OrderFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const customer = useCustomer();
  if (customer) return <AccountFrame title={title}>{children}</AccountFrame>;
  return (
    <div className="mx-auto max-w-3xl py-4 md:py-8">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/** The way back from a return or claim form to its order. */
export function BackToOrder({ orderUuid, number, orderKey }: { orderUuid: string; number: string; orderKey: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 text-sm">
      <Link to={withKey(orderPath(orderUuid), orderKey)} className="font-semibold underline">
        <span aria-hidden="true">← </span>
        {t("orders.returnForm.back", { number })}
      </Link>
    </p>
  );
}

/** A form's problem as a whole, announced when it appears. */
export function FormProblem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {text}
    </p>
  );
}

/** A field's error under it; `id` is what the field's aria-describedby names. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {text}
    </p>
  );
}

/** Why nothing can be asked for on a form page, and the way on (back to the order, or the other request). */
export function NothingToAsk({ title, reasons, children }: { title: string; reasons: string[]; children?: React.ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-line p-6 text-center sm:p-10" data-testid="nothing-to-ask">
      <p className="text-lg font-semibold">{title}</p>
      {reasons.map((reason) => (
        <p key={reason} className="mt-1 text-muted">
          {reason}
        </p>
      ))}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}

export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:opacity-60";
export const secondaryButton = "inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-5 py-2.5 font-semibold hover:bg-canvas disabled:opacity-60";
