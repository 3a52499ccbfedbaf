import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";

export const ADD_TO_CART_INTENT = "add-to-cart";

/**
 * One unit of the chosen grade into the buy cart: a plain form posted to the page's own action,
 * so it works before hydration and without JavaScript; the action decides what follows.
 */
export function AddToCartButton(props: {
  productId: number;
  name: string;
  label: string | undefined;
  withFullBattery: boolean;
  searchUuid: string | null;
  /** Where to go back to after adding from the accessory list. */
  returnTo?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === ADD_TO_CART_INTENT && navigation.formData.get("id") === String(props.productId);
  const disabled = !props.label;
  return (
    <Form method="post" preventScrollReset className={props.compact ? "" : "mt-5"}>
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      <input type="hidden" name="id" value={props.productId} />
      <input type="hidden" name="name" value={props.name} />
      {props.label && <input type="hidden" name="productVariantLabel" value={props.label} />}
      {props.withFullBattery && <input type="hidden" name="withFullBattery" value="1" />}
      {props.searchUuid && <input type="hidden" name="searchUuid" value={props.searchUuid} />}
      {props.returnTo && <input type="hidden" name="returnTo" value={props.returnTo} />}
      <button
        type="submit"
        disabled={disabled || busy}
        aria-busy={busy}
        data-primary-action={props.compact ? undefined : true}
        className={`${props.compact ? "px-4 py-2 text-sm" : "w-full px-6 py-3.5 text-base"} rounded-full bg-[var(--accent)] font-semibold text-white hover:bg-[var(--accent-dark)] disabled:cursor-not-allowed disabled:opacity-50`}
      >
        {busy ? t("product.adding") : t("product.addToCart")}
      </button>
    </Form>
  );
}
