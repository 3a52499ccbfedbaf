import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Link } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/variant-information";
import { GRADES } from "../../domain/catalogue/grades.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Price } from "../components/price.tsx";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const view = await storefront(context).api.product(Number(params.id), storefront(context).locale);
    return { view };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** What each grade means, with a picture of the wear it allows and this product's price in it. */
export default function VariantInformation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, product_slug } = loaderData.view;
  const byGrade = new Map(product.variantPicker.map((v) => [v.label, v]));
  return (
    <>
      <title>{t("variantInfo.title", { name: product.name })}</title>
      <h1 className="text-2xl font-extrabold md:text-3xl">{t("variantInfo.title", { name: product.name })}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("variantInfo.intro")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GRADES.map((grade) => {
          const variant = byGrade.get(grade);
          return (
            <li key={grade} className="flex gap-4 rounded-2xl border border-line p-4">
              <img src={`/media/grades/${grade}.svg`} alt={t("variantInfo.pictureAlt", { grade: t(`grades.${grade}.name`) })} width={96} height={124} loading="lazy" className="h-[124px] w-24 shrink-0" />
              <div>
                <h2 className="font-bold">
                  {t(`grades.${grade}.name`)} <span className="text-xs font-normal text-muted">({grade})</span>
                </h2>
                <p className="mt-1 text-sm text-muted">{t(`grades.${grade}.description`)}</p>
                <p className="mt-1 text-sm text-muted">{t(`variantInfo.details.${grade}`)}</p>
                <p className="mt-2 text-sm">
                  {variant && variant.quantity > 0 ? (
                    <Link to={productHref(product.id, product_slug, { variant: grade })} className="font-semibold text-[var(--accent)] underline">
                      <Price cents={variant.price} />
                    </Link>
                  ) : (
                    <span className="text-muted">{t("product.soldOut")}</span>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
