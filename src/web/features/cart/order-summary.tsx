import { Link } from "react-router";
import type { OrderView } from "../../../api/contract.ts";
import { productHref } from "../../../domain/routing/paths.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Price } from "../../components/price.tsx";
import { AddressLines } from "./address-fields.tsx";
import { TotalsList } from "./cart-summary.tsx";

/** An order's items, addresses and totals: on the finish page and in the account. */
export function OrderSummary({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <section className="rounded-2xl border border-line p-5">
        <ul className="divide-y divide-line">
          {order.items.map((item) => (
            <li key={item.uuid} className="flex items-center gap-4 py-3">
              {item.product.imageUrl && <img src={item.product.imageUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-canvas object-contain" />}
              <span className="flex-1 text-sm">
                <Link to={productHref(item.product.id, item.product.slug)} className="font-semibold hover:underline">
                  {item.product.name}
                </Link>
                <span className="block text-muted">
                  {t(`grades.${item.variant.label}.name`)}
                  {item.withFullBattery && ` · ${t("cart.item.withBattery")}`}
                </span>
              </span>
              <Price cents={item.price.amount - item.discount.amount} className="font-semibold" />
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-line pt-3">
          <TotalsList
            totals={{
              discount: order.totals.discount.amount,
              couponCode: order.couponCode,
              insurance: order.totals.insurance.amount,
              shipping: order.totals.shipping.amount,
              total: order.totalPrice.amount,
              margin: order.items.some((i) => i.vatScheme === "margin"),
            }}
          />
        </div>
      </section>
      <section className="grid gap-4 rounded-2xl border border-line p-5 text-sm sm:grid-cols-2">
        <div>
          <h2 className="font-bold">{t("checkout.overview.delivery")}</h2>
          <AddressLines address={order.deliveryAddress} />
        </div>
        <div>
          <h2 className="font-bold">{t("checkout.address.billing")}</h2>
          <AddressLines address={order.billingAddress} />
        </div>
      </section>
    </div>
  );
}
