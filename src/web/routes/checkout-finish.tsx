import { loadMessageGroup } from "../i18n/client-messages.ts";
import { Link } from "react-router";
import type { Route } from "./+types/checkout-finish";
import { useTranslation } from "../i18n/i18n.tsx";
import { formatDate } from "../../domain/dates.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Price } from "../components/price.tsx";
import { OrderSummary } from "../features/cart/order-summary.tsx";
import { BANK_ACCOUNT } from "../../domain/checkout/bank-account.ts";
import { storefront } from "../load-context.ts";

await loadMessageGroup("browse");

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { order: await storefront(context).api.order(params.orderUuid) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** Thank you: the order number, what happens next, and for bank transfer how to pay. */
export default function CheckoutFinish({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order } = loaderData;
  const deadline = formatDate(order.paymentDeadline, i18n.language);
  const cancelled = order.status === "cancelled";
  return (
    <>
      <title>{t("checkout.finish.title")}</title>
      <meta name="robots" content="noindex" />
      <div className="rounded-2xl bg-canvas p-6 text-center">
        {!cancelled && (
          <span aria-hidden="true" className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-green-accent text-2xl text-white">
            ✓
          </span>
        )}
        <h1 className="mt-3 text-2xl font-extrabold">{cancelled ? t("checkout.finish.cancelledTitle") : t("checkout.finish.title")}</h1>
        <p className="mt-2" data-testid="order-number">
          {t("checkout.finish.number", { number: order.number })}
        </p>
        <p className="mt-1 text-sm text-muted" data-testid="order-status">
          {t(`orders.status.${order.status}`)}
        </p>
        {order.status === "paid" && <p className="mt-2 text-sm">{t("checkout.finish.mail", { email: order.email })}</p>}
        {order.status === "pending_payment" && <p className="mt-2 text-sm">{t("checkout.finish.confirming")}</p>}
      </div>
      {order.status === "awaiting_transfer" && (
        <section className="mt-6 rounded-2xl border-2 border-[var(--accent)] p-5" data-testid="bank-transfer">
          <h2 className="font-bold">{t("checkout.finish.transfer.title")}</h2>
          <p className="mt-1 text-sm">{t("checkout.finish.transfer.text", { deadline })}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t("checkout.finish.transfer.holder")}</dt>
            <dd>{BANK_ACCOUNT.holder}</dd>
            <dt className="text-muted">IBAN</dt>
            <dd className="font-mono">{BANK_ACCOUNT.iban}</dd>
            <dt className="text-muted">BIC</dt>
            <dd className="font-mono">{BANK_ACCOUNT.bic}</dd>
            <dt className="text-muted">{t("checkout.finish.transfer.amount")}</dt>
            <dd className="font-semibold">
              <Price cents={order.totalPrice.amount} />
            </dd>
            <dt className="text-muted">{t("checkout.finish.transfer.reference")}</dt>
            <dd className="font-mono font-semibold">{order.number}</dd>
          </dl>
        </section>
      )}
      <div className="mt-6">
        <OrderSummary order={order} />
      </div>
      <p className="mt-6 text-center">
        <Link to="/" className="inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("checkout.finish.continue")}
        </Link>
      </p>
    </>
  );
}
