import { data, useNavigation, useRouteLoaderData } from "react-router";
import type { OpsProductUpdateError } from "../../api/contract.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { catalogueApi } from "../api-client/catalogue.ts";
import { isApiError } from "../api-client/client.ts";
import { BackLink, idFromPath } from "../features/ops/catalogue-ui.tsx";
import { photosOf } from "../features/ops/parcel-photos.tsx";
import { NotAllowed, OpsPageTitle } from "../features/ops/ops-ui.tsx";
import { ProductForm } from "../features/ops/product-fields.tsx";
import { CATALOGUE_ROLES, productInputOf, productProblemsOf, PRODUCTS_PATH, productValuesFrom, productValuesOf, type ProductFormValues, type ProductProblem } from "../features/ops/product-form.ts";
import { movedOrder, pictureProblemBeforeSending, pictureProblemOf, ProductPictures, type PictureIntent, type PictureProblem } from "../features/ops/product-pictures.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-product";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const productId = idFromPath(params.productId);
  const api = catalogueApi(storefront(context).api);
  try {
    const [product, tree] = await Promise.all([api.product(productId), api.categories()]);
    return { product, categories: tree.categories, created: url.searchParams.get("created") === "1" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

type Intent = "save" | PictureIntent;
interface Answer {
  intent: Intent;
  /** The form as typed and its problems, when a save was refused. */
  refused: { values: ProductFormValues; problems: ProductProblem[] } | null;
  pictureProblem: PictureProblem | null;
}
const INTENTS: readonly Intent[] = ["save", "addPictures", "movePicture", "deletePicture"];

/** A product's changes: its fields saved, pictures uploaded, moved a place or removed. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const productId = idFromPath(params.productId);
  const form = await readForm(request);
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? "save";
  const api = catalogueApi(storefront(context).api);
  const answer = (change: Partial<Answer>, status = 200) => data<Answer>({ intent, refused: null, pictureProblem: null, ...change }, { status });
  if (intent === "save") {
    const values = productValuesOf(form);
    const input = productInputOf(values);
    if ("problems" in input) return answer({ refused: { values, problems: input.problems } }, 400);
    try {
      await api.update(productId, input.body);
      return answer({});
    } catch (error) {
      if (!isApiError<OpsProductUpdateError>(error) || error.status >= 500) throw error;
      if (error.status === 401) staffPageOn(error, url);
      if (error.status === 404) pageNotFoundOn(error);
      return answer({ refused: { values, problems: productProblemsOf(error) } }, error.status);
    }
  }
  const pictures = intent === "addPictures" ? photosOf(form) : [];
  const before = intent === "addPictures" ? pictureProblemBeforeSending(pictures) : null;
  if (before) return answer({ pictureProblem: before }, 400);
  try {
    const mediaId = Number(form.get("mediaId"));
    if (intent === "addPictures") await api.uploadPictures(productId, pictures);
    else if (intent === "deletePicture") await api.deletePicture(productId, mediaId);
    else {
      const current = (await api.product(productId)).pictures.map((p) => p.mediaId);
      await api.orderPictures(productId, movedOrder(current, mediaId, form.get("step") === "-1" ? -1 : 1));
    }
    return answer({});
  } catch (error) {
    const pictureProblem = pictureProblemOf(error, pictures);
    if (!pictureProblem) {
      if (isApiError(error, 401)) staffPageOn(error, url);
      throw error;
    }
    return answer({ pictureProblem }, isApiError(error) ? error.status : 400);
  }
}

/** Support and admins: one product's fields, its description in six languages, and its pictures. */
export default function OpsProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  if (!mayAct(me.roles, CATALOGUE_ROLES)) return <NotAllowed />;
  const { product, categories, created } = loaderData;
  const busy = navigation.state === "submitting" ? (INTENTS.find((i) => i === navigation.formData?.get("intent")) ?? "save") : null;
  const answered = actionData?.intent;
  const saved = answered === "save" && !actionData?.refused;
  const pictureNotice = answered && answered !== "save" && !actionData?.pictureProblem ? t(`ops.catalogue.pictures.${answered === "addPictures" ? "added" : answered === "movePicture" ? "moved" : "deleted"}`) : null;
  return (
    <>
      <BackLink to={PRODUCTS_PATH} label={t("ops.catalogue.product.back")} />
      <OpsPageTitle title={product.name} />
      <p className="mt-1 text-sm text-muted">
        {t("ops.catalogue.product.number", { id: product.id })} ·{" "}
        <a href={product.href} className="font-semibold text-blue-accent underline" data-testid="product-in-shop">
          {t("ops.catalogue.product.inShop")}
        </a>
      </p>
      {(saved || (created && !answered)) && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {saved ? t("ops.catalogue.product.saved") : t("ops.catalogue.product.created")}
        </p>
      )}
      <ProductPictures product={product} busy={busy === "save" ? null : busy} notice={pictureNotice} problem={actionData?.pictureProblem ?? null} />
      <ProductForm
        // A saved product's form starts again from what was saved.
        key={saved ? `saved-${product.slug}` : "editing"}
        values={actionData?.refused?.values ?? productValuesFrom(product)}
        problems={actionData?.refused?.problems ?? []}
        categories={categories}
        busy={busy === "save"}
        submit={{ label: t("ops.catalogue.product.submit"), busyLabel: t("ops.catalogue.product.saving") }}
        testId="product-edit"
      />
    </>
  );
}
