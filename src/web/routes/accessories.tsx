import { loadMessageGroup } from "../i18n/client-messages.ts";
import { data, Link } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/accessories";
import { useTranslation } from "../i18n/i18n.tsx";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { readForm } from "../shell/forms.ts";
import { toast } from "../shell/toasts/store.ts";
import { AddToCartButton } from "../features/cart/add-to-cart-button.tsx";
import { addToCart, type AddToCartResult } from "../features/cart/add-to-cart-action.ts";
import { Price } from "../components/price.tsx";
import { parseProductId, productHref } from "../../domain/routing/paths.ts";
import { accessoryListPath } from "../../domain/checkout/add-to-cart.ts";
import { storefront } from "../load-context.ts";

// The add-to-cart refusals are deferred texts: this page shows them at once.
await Promise.all([loadMessageGroup("browse"), loadMessageGroup("deferred")]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (id === undefined) throw data(null, { status: 404 });
  try {
    const view = await storefront(context).api.product(id, storefront(context).locale);
    // Each accessory's cheapest grade in stock is the one added: accessories differ little by grade.
    const accessories = await Promise.all(
      view.relations.accessory.slice(0, 12).map(async (a) => {
        const accessory = await storefront(context).api.product(a.id, storefront(context).locale).catch(() => null);
        const variant = accessory?.product.variantPicker.filter((v) => v.quantity > 0).sort((x, y) => x.price - y.price)[0];
        return { ...a, label: variant?.label, price: variant?.price ?? null };
      }),
    );
    return { product: { id: view.product.id, name: view.product.name, slug: view.product_slug }, accessories };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = parseProductId(form.get("id"));
  if (id === undefined) throw data("Unknown product.", { status: 400 });
  return addToCart(storefront(context).api, form, { productId: id, chargerCompatible: false, assemblySplit: false, onAccessoryList: true });
}

/** What fits the product just added (chargers, cases): add with one click, then on to the cart. */
export default function Accessories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, accessories } = loaderData;
  const result = actionData as AddToCartResult | undefined;
  useEffect(() => {
    if (!result) return;
    if ("error" in result) toast({ title: "", message: result.error.key, messageParams: result.error.params, variant: "error" });
    else toast({ title: "", message: "accessories.added", messageParams: { name: result.added.name }, variant: "success" });
  }, [result]);
  const here = accessoryListPath(product.id);
  return (
    <>
      <title>{t("accessories.title")}</title>
      <meta name="robots" content="noindex" />
      <p className="flex items-center gap-2 text-sm text-green-accent">
        <span aria-hidden="true">✓</span> {t("accessories.inCart", { name: product.name })}
      </p>
      <h1 className="mt-2 text-2xl font-extrabold">{t("accessories.title")}</h1>
      {accessories.length === 0 ? (
        <p className="mt-6 text-muted">{t("accessories.none")}</p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {accessories.map((a) => (
            <li key={a.id} className="flex items-center gap-3 rounded-2xl border border-line p-3" data-testid="accessory">
              {a.imageUrl && <img src={`${a.imageUrl}?size=thumb`} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-canvas object-contain" />}
              <div className="min-w-0 flex-1">
                <Link to={`${productHref(a.id, a.slug)}?accessoryList=${encodeURIComponent(here)}`} className="line-clamp-2 text-sm font-semibold hover:underline">
                  {a.name}
                </Link>
                {a.price !== null ? <Price cents={a.price} className="text-sm font-bold" /> : <p className="text-sm text-muted">{t("product.outOfStock")}</p>}
              </div>
              <AddToCartButton productId={a.id} name={a.name} label={a.label} withFullBattery={false} searchUuid={null} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <Link to={productHref(product.id, product.slug)} className="text-sm underline">
          {t("accessories.back")}
        </Link>
        <Link to="/checkout/cart" className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("accessories.toCart")}
        </Link>
      </div>
    </>
  );
}
