import { data, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsCategoryCreateError } from "../../api/contract.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { isApiError } from "../api-client/client.ts";
import { CategoryForm } from "../features/ops/category-fields.tsx";
import { CATEGORIES_PATH, categoryInputOf, categoryPath, categoryProblemsOf, categoryValuesOf, type CategoryFormValues, type CategoryProblem } from "../features/ops/category-form.ts";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { CATALOGUE_ROLES } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-category-new";

await loadPageMessages();

interface Refusal {
  values: CategoryFormValues;
  problems: CategoryProblem[];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const parent = url.searchParams.get("parentId") ?? "";
  try {
    return { categories: (await catalogueApi(storefront(context).api).categories()).categories, parent: /^\d{1,9}$/.test(parent) ? parent : "" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const values = categoryValuesOf(await readForm(request));
  const input = categoryInputOf(values);
  if ("problems" in input) return data<Refusal>({ values, problems: input.problems }, { status: 400 });
  try {
    const category = await catalogueApi(storefront(context).api).createCategory(input.body);
    return redirect(`${categoryPath(category.id)}?created=1`, 303);
  } catch (error) {
    if (!isApiError<OpsCategoryCreateError>(error) || error.status >= 500 || error.status === 404) throw error;
    if (error.status === 401) staffPageOn(error, url);
    return data<Refusal>({ values, problems: categoryProblemsOf(error) }, { status: error.status });
  }
}

/** Support and admins: a new category below a parent, named in every language. */
export default function OpsCategoryNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  return (
    <>
      <p className="text-sm">
        <Link to={CATEGORIES_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.categories.category.back")}
        </Link>
      </p>
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
