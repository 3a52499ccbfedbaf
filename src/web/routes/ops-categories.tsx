import { Link, useRouteLoaderData } from "react-router";
import type { OpsCategoryNode } from "../../api/contract.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { categoryPath, NEW_CATEGORY_PATH } from "../features/ops/category-form.ts";
import { NotAllowed, opsButton, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { CATALOGUE_ROLES } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-categories";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    return await catalogueApi(storefront(context).api).categories();
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** One level of the tree as a list, each category with the levels below it. */
function Branch({ nodes, all }: { nodes: readonly OpsCategoryNode[]; all: readonly OpsCategoryNode[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-1 border-l border-line pl-4 first:border-0 first:pl-0">
      {nodes.map((node) => {
        const children = all.filter((c) => c.parentId === node.id);
        return (
          <li key={node.id}>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-lg px-2 py-1 hover:bg-canvas">
              <Link to={categoryPath(node.id)} className="font-semibold text-blue-accent underline">
                {node.name}
              </Link>
              <span className="font-mono text-xs text-muted">{node.path}</span>
              <span className="text-xs text-muted">{t("ops.categories.products", { count: node.productCount })}</span>
              {node.isAccessory && <span className="rounded border border-line px-1.5 text-xs font-semibold">{t("ops.categories.accessory")}</span>}
            </div>
            {children.length > 0 && <Branch nodes={children} all={all} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The shop's category tree, every category a link to its names, paths and place; a new one created from here. */
export default function OpsCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  const all = loaderData.categories;
  const ids = new Set(all.map((c) => c.id));
  const roots = all.filter((c) => c.parentId === null || !ids.has(c.parentId));
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <OpsPageTitle title={t("ops.categories.title")} intro={t("ops.categories.intro")} />
        </div>
        <Link to={NEW_CATEGORY_PATH} className={`${opsButton.primary} inline-flex items-center`}>
          {t("ops.categories.new")}
        </Link>
      </div>
      <section aria-labelledby="category-tree" className="mt-4 rounded-xl border border-line bg-white p-3" data-testid="category-tree">
        <h2 id="category-tree" className="px-2 font-bold">
          {t("ops.categories.tree")}
        </h2>
        {all.length === 0 ? <p className="p-2 text-sm text-muted">{t("ops.categories.empty")}</p> : <div className="mt-2 text-sm">{<Branch nodes={roots} all={all} />}</div>}
      </section>
    </>
  );
}
