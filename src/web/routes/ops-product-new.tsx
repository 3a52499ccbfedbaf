import { useNavigation, useRouteLoaderData } from "react-router";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { BackLink, createFromForm } from "../features/ops/catalogue-ui.tsx";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { ProductForm } from "../features/ops/product-fields.tsx";
import { CATALOGUE_ROLES, NEW_PRODUCT_VALUES, productInputOf, productPath, productProblemsOf, PRODUCTS_PATH, productValuesOf } from "../features/ops/product-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-product-new";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    return { categories: (await catalogueApi(storefront(context).api).categories()).categories };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A new product; its page opens after, where its pictures are uploaded. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const api = catalogueApi(storefront(context).api);
  return createFromForm(request, url, { valuesOf: productValuesOf, inputOf: productInputOf, create: api.create, pathOf: productPath, problemsOf: productProblemsOf });
}

/** Support and admins: a new product with its texts, identifiers and flags. */
export default function OpsProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  return (
    <>
      <BackLink to={PRODUCTS_PATH} label={t("ops.catalogue.product.back")} />
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
