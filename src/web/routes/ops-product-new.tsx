import { data, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsProductCreateError } from "../../api/contract.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { isApiError } from "../api-client/client.ts";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { ProductForm } from "../features/ops/product-fields.tsx";
import { CATALOGUE_ROLES, NEW_PRODUCT_VALUES, productInputOf, productPath, productProblemsOf, PRODUCTS_PATH, productValuesOf, type ProductFormValues, type ProductProblem } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-product-new";

await loadPageMessages();

interface Refusal {
  values: ProductFormValues;
  problems: ProductProblem[];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    return { categories: (await catalogueApi(storefront(context).api).categories()).categories };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A new product; its page opens after, where its pictures are uploaded. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const values = productValuesOf(await readForm(request));
  const input = productInputOf(values);
  if ("problems" in input) return data<Refusal>({ values, problems: input.problems }, { status: 400 });
  try {
    const product = await catalogueApi(storefront(context).api).create(input.body);
    return redirect(`${productPath(product.id)}?created=1`, 303);
  } catch (error) {
    if (!isApiError<OpsProductCreateError>(error) || error.status >= 500 || error.status === 404) throw error;
    if (error.status === 401) staffPageOn(error, url);
    return data<Refusal>({ values, problems: productProblemsOf(error) }, { status: error.status });
  }
}

/** Support and admins: a new product with its texts, identifiers and flags. */
export default function OpsProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  return (
    <>
      <p className="text-sm">
        <Link to={PRODUCTS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.catalogue.product.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.catalogue.create.title")} intro={t("ops.catalogue.create.intro")} />
      <ProductForm
        values={actionData?.values ?? NEW_PRODUCT_VALUES}
        problems={actionData?.problems ?? []}
        categories={loaderData.categories}
        busy={navigation.state === "submitting"}
        submit={{ label: t("ops.catalogue.create.submit"), busyLabel: t("ops.catalogue.create.saving") }}
        testId="product-create"
      />
    </>
  );
}
