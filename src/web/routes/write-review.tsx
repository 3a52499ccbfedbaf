import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/write-review";
import { loadDeferredMessages, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { WriteReviewError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { requireCustomer } from "../features/account/require-customer.ts";
import { TextField } from "../components/text-field.tsx";
import { productHref } from "../../domain/routing/paths.ts";
import { GRADES, URL_SELECTABLE_GRADES } from "../../domain/catalogue/grades.ts";
import { storefront } from "../load-context.ts";

// The stars and the "verified purchase" badge speak as the product page's reviews do (deferred texts).
await Promise.all([loadPageMessages(), loadDeferredMessages()]);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  await requireCustomer(url, context);
  try {
    return { id, slug: params.slug, ...(await storefront(context).api.ownReview(id)) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

const FIELDS = ["rating", "title", "text", "variant"] as const;

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = Number(params.id);
  const form = await readForm(request);
  const variant = String(form.get("variant") ?? "");
  const input = { rating: Number(form.get("rating")), title: String(form.get("title") ?? ""), text: String(form.get("text") ?? ""), variant: GRADES.find((g) => g === variant) ?? null };
  // A grade the page does not offer gets the answer the API's refusal of it would.
  if (variant && !input.variant) {
    const fields: Partial<Record<(typeof FIELDS)[number], string>> = { variant: "writeReview.errors.variant" };
    return data({ fields, problem: null, input }, { status: 400 });
  }
  try {
    await storefront(context).api.writeReview(id, input);
    return redirectWithFlash(`/write-review/${id}/${params.slug}`, [], { success: ["writeReview.flash.sent"] });
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(`/auth?next=${encodeURIComponent(`/write-review/${id}/${params.slug}`)}`, 303);
    if (!isApiError<WriteReviewError>(error) || error.status >= 500) throw error;
    const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
    for (const item of error.errors) {
      const field = FIELDS.find((f) => item.reference === `body.${f}`);
      if (field) fields[field] = `writeReview.errors.${field}`;
    }
    return data({ fields, problem: Object.keys(fields).length ? null : error.code === "REVIEW_EXISTS" ? "writeReview.errors.exists" : "writeReview.errors.default", input }, { status: error.status });
  }
}

/** Write a review: stars, title, text and the grade bought; it appears once checked. The writer sees where it stands. */
export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, slug, productName, review, bought } = loaderData;
  const busy = useNavigation().state !== "idle";
  const fields = actionData?.fields ?? {};
  const typed = actionData?.input;
  const back = productHref(id, slug);
  return (
    <div className="mx-auto max-w-2xl">
      <title>{t("writeReview.title", { name: productName })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("writeReview.title", { name: productName })}</h1>
      {review ? (
        <section className="mt-6 rounded-2xl border border-line p-6" data-testid="own-review">
          <p className="font-semibold">{t(`writeReview.status.${review.status}`)}</p>
          {review.status === "rejected" && review.rejectionReason && <p className="mt-1 text-sm">{t("writeReview.reason", { reason: review.rejectionReason })}</p>}
          <p className="mt-4 text-sm text-muted">{"★".repeat(review.rating) + "☆".repeat(5 - review.rating)}</p>
          {review.title && <p className="font-semibold">{review.title}</p>}
          <p className="mt-1 whitespace-pre-line">{review.text}</p>
          {review.verifiedPurchase && <p className="mt-2 text-xs text-muted">{t("reviews.verified")}</p>}
          <Link to={back} className="mt-6 inline-block font-semibold text-[var(--accent)] underline">
            {t("writeReview.back")}
          </Link>
        </section>
      ) : (
        <Form method="post" className="mt-6 space-y-5" noValidate>
          {bought && <p className="rounded-xl bg-canvas p-3 text-sm">{t("writeReview.verifiedHint")}</p>}
          <fieldset aria-describedby={fields.rating ? "rating-error" : undefined}>
            <legend className="font-semibold">{t("writeReview.rating")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[5, 4, 3, 2, 1].map((stars) => (
                <label key={stars} className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 has-[:checked]:border-[var(--accent)]">
                  <input type="radio" name="rating" value={stars} required defaultChecked={typed?.rating === stars} className="accent-[var(--accent)]" />
                  <span aria-hidden="true">{"★".repeat(stars)}</span>
                  <span className="sr-only">{t("reviews.stars", { rating: stars })}</span>
                </label>
              ))}
            </div>
            {fields.rating && (
              <p id="rating-error" className="mt-1 text-sm text-red-700">
                {t(fields.rating)}
              </p>
            )}
          </fieldset>
          <TextField label={t("writeReview.titleField")} name="title" maxLength={120} required defaultValue={typed?.title ?? ""} error={fields.title && t(fields.title)} />
          <div>
            <label htmlFor="review-text" className="block text-sm font-semibold">
              {t("writeReview.text")}
            </label>
            <textarea
              id="review-text"
              name="text"
              rows={7}
              minLength={20}
              maxLength={5000}
              required
              defaultValue={typed?.text ?? ""}
              aria-invalid={fields.text ? true : undefined}
              aria-describedby="review-text-hint"
              className="mt-1 w-full rounded-xl border border-line p-3 outline-none focus:border-[var(--accent)] aria-[invalid=true]:border-red-700"
            />
            <p id="review-text-hint" className={`mt-1 text-sm ${fields.text ? "text-red-700" : "text-muted"}`}>
              {fields.text ? t(fields.text) : t("writeReview.textHint")}
            </p>
          </div>
          <label className="block text-sm font-semibold">
            {t("writeReview.variant")}
            <select name="variant" defaultValue={typed?.variant ?? ""} className="mt-1 block h-11 w-full rounded-xl border border-line bg-white px-3 font-normal">
              <option value="">{t("writeReview.variantUnknown")}</option>
              {URL_SELECTABLE_GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  {t(`grades.${grade}.name`)}
                </option>
              ))}
            </select>
          </label>
          {actionData?.problem && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {t(actionData.problem)}
            </p>
          )}
          <p className="text-xs text-muted">{t("writeReview.moderation")}</p>
          <button type="submit" disabled={busy} className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white disabled:opacity-60">
            {t("writeReview.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
