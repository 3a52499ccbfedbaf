import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { NotAllowed, opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { CATALOGUE_ROLES, productPath, PRODUCTS_PATH, productsPath } from "../features/ops/product-form.ts";
import { pageOf } from "../features/ops/unit-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-products";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageOf(url.searchParams.get("page"));
  try {
    const list = await catalogueApi(storefront(context).api).products({ ...(q ? { q } : {}), page });
    return { list, q };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** The catalogue's products, the newest first: found by name, a scanned EAN / ISBN / ASIN or the product number; a new one created from here. */
export default function OpsProducts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  const { list, q } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === PRODUCTS_PATH;
  const columns = [
    <span className="sr-only">{t("ops.catalogue.columns.picture")}</span>,
    t("ops.catalogue.columns.product"),
    t("ops.catalogue.columns.brand"),
    t("ops.catalogue.columns.category"),
    t("ops.catalogue.columns.identifiers"),
    t("ops.catalogue.columns.created"),
  ];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <OpsPageTitle title={t("ops.catalogue.title")} intro={t("ops.catalogue.intro")} />
        </div>
        <Link to={`${PRODUCTS_PATH}/new`} className={`${opsButton.primary} inline-flex items-center`}>
          {t("ops.catalogue.new")}
        </Link>
      </div>
      <Form method="get" action={PRODUCTS_PATH} role="search" aria-label={t("ops.catalogue.filter.label")} className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="products-q" className="block text-sm font-semibold">
            {t("ops.catalogue.filter.q")}
          </label>
          <input id="products-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" autoFocus={!q} aria-describedby="products-q-hint" className={opsInput} data-testid="products-search" />
          <p id="products-q-hint" className="mt-1 text-xs text-muted">
            {t("ops.catalogue.filter.qHint")}
          </p>
        </div>
        <button type="submit" className={opsButton.primary}>
          {t("ops.catalogue.filter.submit")}
        </button>
        {q && (
          <Link to={PRODUCTS_PATH} className="h-9 content-center text-sm font-semibold text-blue-accent underline">
            {t("ops.catalogue.filter.reset")}
          </Link>
        )}
      </Form>
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-products"
          heading={t("ops.catalogue.heading", { count: list.total })}
          columns={columns}
          rows={list.products.map((product) => (
            <tr key={product.id}>
              <td className={`${tableCell} w-16`}>
                {product.thumbnailUrl ? (
                  <img src={product.thumbnailUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-contain" />
                ) : (
                  <span className="block h-12 w-12 content-center rounded bg-canvas text-center text-[10px] text-muted">{t("ops.catalogue.noPicture")}</span>
                )}
              </td>
              <th scope="row" className={`${tableCell} text-left font-semibold`}>
                <Link to={productPath(product.id)} className="text-blue-accent underline">
                  {product.name}
                </Link>
                <span className="block text-xs font-normal text-muted">#{product.id}</span>
              </th>
              <td className={tableCell}>{product.brand}</td>
              <td className={tableCell}>{product.category.name}</td>
              <td className={`${tableCell} font-mono text-xs`}>
                {[product.ean, product.isbn, product.asin].filter(Boolean).join(" · ") || <span className="text-muted">–</span>}
              </td>
              <td className={`${tableCell} whitespace-nowrap`}>
                <time dateTime={product.createdAt}>{formatDate(product.createdAt, i18n.language, "medium")}</time>
              </td>
            </tr>
          ))}
          empty={q ? t("ops.catalogue.emptyFiltered") : t("ops.catalogue.empty")}
          minWidth="min-w-[48rem]"
          testId="products"
        />
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} pathOf={(page) => productsPath(q, page)} />
    </>
  );
}
