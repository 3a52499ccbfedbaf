import { data, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsCategoryUpdateError } from "../../api/contract.ts";
import { categoryHref } from "../../domain/routing/paths.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { isApiError } from "../api-client/client.ts";
import { BackLink, idFromPath } from "../features/ops/catalogue-ui.tsx";
import { CategoryForm } from "../features/ops/category-fields.tsx";
import { CATEGORIES_PATH, categoryInputOf, categoryProblemsOf, categoryValuesFrom, categoryValuesOf, parentChoices, type CategoryFormValues, type CategoryProblem } from "../features/ops/category-form.ts";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { CATALOGUE_ROLES } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-category";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const categoryId = idFromPath(params.categoryId);
  const api = catalogueApi(storefront(context).api);
  try {
    const [category, tree] = await Promise.all([api.category(categoryId), api.categories()]);
    return { category, parents: parentChoices(tree.categories, categoryId), created: url.searchParams.get("created") === "1" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

interface Answer {
  saved: boolean;
  refused: { values: CategoryFormValues; problems: CategoryProblem[] } | null;
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const categoryId = idFromPath(params.categoryId);
  const values = categoryValuesOf(await readForm(request));
  const input = categoryInputOf(values);
  if ("problems" in input) return data<Answer>({ saved: false, refused: { values, problems: input.problems } }, { status: 400 });
  try {
    await catalogueApi(storefront(context).api).updateCategory(categoryId, input.body);
    return data<Answer>({ saved: true, refused: null });
  } catch (error) {
    if (!isApiError<OpsCategoryUpdateError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code === "CATEGORY_DOESNT_EXIST" && error.errors[0]?.reference === "params.categoryId") pageNotFoundOn(error);
    return data<Answer>({ saved: false, refused: { values, problems: categoryProblemsOf(error) } }, { status: error.status });
  }
}

/** Support and admins: a category's names and path segments in six languages, and its place in the tree. */
export default function OpsCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  const { category, parents, created } = loaderData;
  const saved = actionData?.saved === true;
  return (
    <>
      <BackLink to={CATEGORIES_PATH} label={t("ops.categories.category.back")} />
      {category.ancestors.length > 0 && <p className="mt-2 text-xs text-muted">{category.ancestors.map((a) => a.name).join(" › ")}</p>}
      <OpsPageTitle title={category.name} intro={t("ops.categories.category.editIntro")} />
      <p className="mt-1 text-sm text-muted">
        {t("ops.categories.category.number", { id: category.id })} · {t("ops.categories.products", { count: category.productCount })} ·{" "}
        <a href={categoryHref(i18n.language, category.translations[i18n.language].path)} className="font-semibold text-blue-accent underline">
          {t("ops.categories.category.inShop")}
        </a>
      </p>
      {(saved || (created && !actionData)) && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {saved ? t("ops.categories.category.saved") : t("ops.categories.category.created")}
        </p>
      )}
      <CategoryForm
        key={saved ? `saved-${JSON.stringify(category.translations)}-${category.parentId}` : "editing"}
        values={actionData?.refused?.values ?? categoryValuesFrom(category)}
        problems={actionData?.refused?.problems ?? []}
        parents={parents}
        category={category}
        busy={navigation.state === "submitting"}
        submit={{ label: t("ops.categories.category.submit"), busyLabel: t("ops.categories.category.saving") }}
      />
    </>
  );
}
