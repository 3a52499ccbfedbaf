import { data } from "react-router";
import type { CartAddItemError } from "../../../api/contract.ts";
import { accessoryListReturn, afterAddToCart, addToCartErrorToast } from "../../../domain/checkout/add-to-cart.ts";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { isApiError, type ApiClient, type ClientErrorCode } from "../../api-client/client.ts";

/** What the page shows after an add: the confirmation modal, or a toast for a refusal. */
export type AddToCartResult =
  | {
      added: { name: string; label: string; price: number; itemCount: number; productId: number; wristband?: { name: string; price: number } };
      repairs: string[];
    }
  | { error: { key: string; params: Record<string, string> } };

/** The product facts the follow-up rules need. */
export interface AddContext {
  productId: number;
  chargerCompatible: boolean;
  assemblySplit: boolean;
  /** The band chosen for a watch case, added with it in the same add. */
  wristbandId?: number;
  onAccessoryList: boolean;
}

/**
 * The add-to-cart action shared by the product page and the accessory list: adds, passes the
 * cart cookie on, and follows SPEC's rules for what comes next.
 */
export async function addToCart(api: ApiClient, form: FormData, context: AddContext): Promise<Response | ReturnType<typeof data<AddToCartResult>>> {
  const label = String(form.get("productVariantLabel") ?? "");
  const name = String(form.get("name") ?? "").slice(0, 250);
  const returnTo = accessoryListReturn(String(form.get("returnTo") ?? ""));
  const grade = GRADES.find((g) => g === label);
  const refused = (status: number, code: CartAddItemError | ClientErrorCode | undefined) =>
    data<AddToCartResult>({ error: { key: addToCartErrorToast(status, code), params: { name, variant: label } } }, { status: status === 400 ? 400 : 409 });
  if (!grade) return refused(400, "PRODUCT_VARIANT_DOESNT_EXIST");
  try {
    const { body, setCookies } = await api.cartAdd({
      id: context.productId,
      name,
      productVariantLabel: grade,
      withFullBattery: form.get("withFullBattery") === "1",
      searchUuid: String(form.get("searchUuid") ?? "") || null,
      ...(context.wristbandId ? { wristbandId: context.wristbandId } : {}),
    });
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    const next = afterAddToCart({ ...context, accessoryListReturn: returnTo });
    if (next.kind === "back" || next.kind === "accessories") {
      headers.set("Location", next.to);
      return new Response(null, { status: 303, headers });
    }
    const item = body.items.find((i) => i.uuid === body.addedItemUuid);
    const band = context.wristbandId === undefined ? undefined : body.items.findLast((i) => i.product.id === context.wristbandId);
    return data<AddToCartResult>(
      {
        added: {
          name,
          label: grade,
          price: item?.price.amount ?? 0,
          itemCount: body.itemCount,
          productId: context.productId,
          ...(band ? { wristband: { name: band.product.name, price: band.price.amount } } : {}),
        },
        repairs: body.repairs,
      },
      { headers },
    );
  } catch (error) {
    if (!isApiError<CartAddItemError>(error) || error.status >= 500) throw error;
    return refused(error.status, error.code);
  }
}
