/** A sale in the plain values its shipping label and its mails take. */
import { renderShippingLabelPdf, shippingLabelFileName } from "../../../documents/shipping-label.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { SHOP } from "../../../mail/shop-details.ts";
import { addressLines } from "../../../mail/texts.ts";
import type { SaleItemRow, SaleRow } from "./sale-repository.ts";
import type { SaleSummary } from "./sale-mails.ts";
import type { SaleView } from "./sale-schemas.ts";


/** The label(s) to print, dated at the sale, so every download is the same document. */
export async function saleLabel(sale: SaleRow, items: SaleItemRow[]): Promise<{ pdf: Buffer; fileName: string }> {
  const locale = resolveLocale(sale.locale);
  const pdf = await renderShippingLabelPdf({
    locale,
    saleNumber: sale.number,
    carrier: sale.carrier,
    parcels: sale.parcels,
    sender: addressLines(sale.senderAddress, locale),
    recipient: [...SHOP.receiving],
    insuredValueCents: sale.itemsTotal,
    createdAt: new Date(sale.createdAt),
    items: items.map((item) => ({ name: item.name, grade: item.grade, priceCents: item.price })),
  });
  return { pdf, fileName: shippingLabelFileName(locale, sale.number) };
}

export function saleSummaryOf(sale: SaleRow, view: SaleView, seller: { firstName: string | null }, publicUrl: string): SaleSummary {
  return {
    locale: resolveLocale(sale.locale),
    number: sale.number,
    firstName: seller.firstName ?? sale.senderAddress.firstName,
    items: view.items.map((item) => ({
      name: item.product.name,
      grade: item.grade,
      priceCents: item.price.amount,
      counterofferPriceCents: item.counteroffer?.price.amount ?? null,
      counterofferReason: item.counteroffer?.reason ?? null,
    })),
    payoutCents: sale.payout,
    counterofferPayoutCents: view.counteroffer?.payout.amount ?? null,
    payoutMethod: sale.payoutMethod,
    carrier: sale.carrier,
    parcels: sale.parcels,
    counterofferDeadline: view.counteroffer ? new Date(view.counteroffer.deadline) : null,
    saleUrl: new URL(`/my/sales/${sale.uuid}`, publicUrl).href,
  };
}
