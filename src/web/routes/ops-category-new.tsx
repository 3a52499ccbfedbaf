import { useNavigation, useRouteLoaderData } from "react-router";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { BackLink, createFromForm } from "../features/ops/catalogue-ui.tsx";
import { CategoryForm } from "../features/ops/category-fields.tsx";
import { CATEGORIES_PATH, categoryInputOf, categoryPath, categoryProblemsOf, categoryValuesOf } from "../features/ops/category-form.ts";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { CATALOGUE_ROLES } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-category-new";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const parent = url.searchParams.get("parentId") ?? "";
  try {
    return { categories: (await catalogueApi(storefront(context).api).categories()).categories, parent: /^\d{1,9}$/.test(parent) ? parent : "" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A new category; its page opens after. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const api = catalogueApi(storefront(context).api);
  return createFromForm(request, url, { valuesOf: categoryValuesOf, inputOf: categoryInputOf, create: api.createCategory, pathOf: categoryPath, problemsOf: categoryProblemsOf });
}

/** Support and admins: a new category below a parent, named in every language. */
export default function OpsCategoryNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  return (
    <>
      <BackLink to={CATEGORIES_PATH} label={t("ops.categories.category.back")} />
      <OpsPageTitle title={t("ops.categories.category.newTitle")} intro={t("ops.categories.category.newIntro")} />
      <CategoryForm
        values={actionData?.values ?? { parentId: loaderData.parent }}
        problems={actionData?.problems ?? []}
        parents={loaderData.categories}
        category={null}
        busy={navigation.state === "submitting"}
        submit={{ label: t("ops.categories.category.create"), busyLabel: t("ops.categories.category.saving") }}
      />
    </>
  );
}
