import { renderReturnLabelPdf, returnLabelFileName } from "../../../documents/return-label.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { addressLines } from "../../../mail/texts.ts";
import { SHOP } from "../../../mail/shop-details.ts";
import type { ReturnableItem } from "./repository.ts";

type OrderRow = { number: string; locale: string; deliveryAddress: Parameters<typeof addressLines>[0] };

/** Where returned parcels go: the warehouse's receiving desk, under the company's name. */
export const RETURNS_ADDRESS: readonly string[] = [`${SHOP.seller.name} – Retouren`, ...SHOP.receiving.slice(1)];

/** The label of a return or claim in the customer's language, and its file name. */
export async function returnLabel(
  order: OrderRow,
  request: { number: string; kind: "withdrawal" | "voluntary" | "warranty"; createdAt: string; sendBy: string | null },
  items: ReturnableItem[],
): Promise<{ fileName: string; body: Buffer }> {
  const locale = resolveLocale(order.locale);
  const body = await renderReturnLabelPdf({
    locale,
    returnNumber: request.number,
    orderNumber: order.number,
    kind: request.kind,
    sender: addressLines(order.deliveryAddress, locale),
    recipient: [...RETURNS_ADDRESS],
    items: items.map((i) => ({ name: i.name, grade: i.label, identifier: i.identifier })),
    createdAt: new Date(request.createdAt),
    sendBy: request.sendBy ? new Date(request.sendBy) : null,
  });
  return { fileName: returnLabelFileName(request.number, locale), body };
}
