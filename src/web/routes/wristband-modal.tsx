import { data, Form, Link, useLocation, useNavigate, useNavigation, useParams, useRouteLoaderData } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";
import { loadDeferredMessages } from "../i18n/client-messages.ts";
import type { Route } from "./+types/wristband-modal";
import type { loader as productLoader } from "./product.tsx";
import { parseProductRef } from "../../domain/routing/paths.ts";
import { WITHOUT_WRISTBAND, WRISTBAND_ADD_PARAM, withWristband } from "../../domain/checkout/add-to-cart.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Price } from "../components/price.tsx";
import { Dialog } from "../components/dialog.tsx";
import { ADD_TO_CART_INTENT } from "../features/cart/add-to-cart-button.tsx";
import { storefront } from "../load-context.ts";

// The texts of the choice as the second half of an add: deferred, like the confirmation's.
await loadDeferredMessages();

export async function loader({ params, context }: Route.LoaderArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  try {
    return { selection: await storefront(context).api.wristbands(ref.id, storefront(context).locale) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

const TILE = "flex w-full items-center gap-2 rounded-xl border border-line p-2 text-left hover:border-[var(--accent)]";

/**
 * The wristband choice: a real dialog over the product page with its own URL, so the back button
 * closes it; Escape and the close button return to the product too. Opened by "In den Warenkorb"
 * on a case without a band (`?add=1`), choosing a band adds case and band in one add (nothing was
 * added before), and "without a band" adds the case alone; opened by "Armband wählen", a band is
 * only chosen for the page.
 */
export default function WristbandModal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { productRef } = useParams();
  const { search } = useLocation();
  const product = useRouteLoaderData<typeof productLoader>("routes/product")?.view.product;
  const params = new URLSearchParams(search);
  const label = params.get("variant");
  const adding = params.get(WRISTBAND_ADD_PARAM) === "1" && label !== null && product !== undefined;
  const productUrl = `/${productRef}${withWristband(search, Number(params.get("wristbandId")) || null)}`;
  const chosenHref = (id: number) => `/${productRef}${withWristband(search, id)}`;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === ADD_TO_CART_INTENT;
  /** The add's fields: the case in the grade chosen on the page, from the page's search. */
  const addFields = adding && (
    <>
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="name" value={product.name} />
      <input type="hidden" name="productVariantLabel" value={label} />
      {params.get("searchUuid") && <input type="hidden" name="searchUuid" value={params.get("searchUuid")!} />}
    </>
  );
  return (
    <Dialog
      open
      openOnServer
      onClose={() => navigate(productUrl, { preventScrollReset: true, replace: true })}
      title={t("wristband.title")}
      description={adding ? t("wristbandAdd.hint") : undefined}
      closeLabel={t("wristband.close")}
      closeHref={productUrl}
      width="xl"
    >
      {loaderData.selection.models.map((m) => (
        <section key={m.model} className="mt-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{m.model}</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {m.bands.map((b) => {
              const tile = (
                <>
                  {b.imageUrl && <img src={`${b.imageUrl}?size=thumb`} alt="" width={40} height={40} className="h-10 w-10 rounded bg-canvas" />}
                  <span className="flex-1 text-sm">
                    {b.propColor ?? b.name}
                    {b.priceMin !== null && (
                      <span className="block text-xs text-muted">
                        + <Price cents={b.priceMin} />
                      </span>
                    )}
                  </span>
                </>
              );
              return (
                <li key={b.id}>
                  {adding ? (
                    <Form method="post" action={chosenHref(b.id)} preventScrollReset replace>
                      {addFields}
                      <button type="submit" disabled={busy} className={`${TILE} disabled:opacity-50`}>
                        {tile}
                      </button>
                    </Form>
                  ) : (
                    <Link to={chosenHref(b.id)} replace preventScrollReset className={TILE}>
                      {tile}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {adding && (
        <Form method="post" action={`/${productRef}${withWristband(search, null)}`} preventScrollReset replace className="mt-6 border-t border-line pt-4">
          {addFields}
          <input type="hidden" name={WITHOUT_WRISTBAND} value="1" />
          <button type="submit" disabled={busy} className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas disabled:opacity-50">
            {t("wristbandAdd.without")}
          </button>
        </Form>
      )}
    </Dialog>
  );
}
