import { useState } from "react";
import { Form } from "react-router";
import type { OpsPictureChangeError, OpsPictureUploadError, OpsProduct } from "../../../api/contract.ts";
import { PRODUCT_PICTURE_LIMITS } from "../../../domain/catalogue/catalogue-editing.ts";
import type { Translate } from "../../../domain/i18n/translate.ts";
import { byCode, isApiError } from "../../api-client/client.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { PictureButton } from "./catalogue-ui.tsx";
import { opsButton } from "./ops-ui.tsx";

/** Why pictures were not kept or changed (ops.catalogue.pictures.problems), with the file at fault where there is one. */
export interface PictureProblem {
  kind: "empty" | "notAnImage" | "tooLarge" | "tooMany" | "limit" | "notAllowed" | "failed";
  name?: string;
}
export type PictureIntent = "addPictures" | "movePicture" | "deletePicture";

const MB = 1024 * 1024;
const LIMIT_TEXTS = { perUpload: PRODUCT_PICTURE_LIMITS.perUpload, perProduct: PRODUCT_PICTURE_LIMITS.perProduct, mb: PRODUCT_PICTURE_LIMITS.fileBytes / MB };

const problemText = (t: Translate, problem: PictureProblem) => t(`ops.catalogue.pictures.problems.${problem.kind}`, { ...LIMIT_TEXTS, name: problem.name ?? "" });

/** What the page can tell before sending: no file, too many at once, or one too large. */
export function pictureProblemBeforeSending(pictures: readonly { name: string; size: number }[]): PictureProblem | null {
  if (pictures.length === 0) return { kind: "empty" };
  if (pictures.length > PRODUCT_PICTURE_LIMITS.perUpload) return { kind: "tooMany" };
  const large = pictures.find((picture) => picture.size > PRODUCT_PICTURE_LIMITS.fileBytes);
  return large ? { kind: "tooLarge", name: large.name } : null;
}

const PROBLEM_OF: Partial<Record<OpsPictureUploadError | OpsPictureChangeError, PictureProblem["kind"]>> = {
  PHOTO_NOT_AN_IMAGE: "notAnImage",
  PHOTO_TOO_LARGE: "tooLarge",
  PHOTO_LIMIT: "limit",
  ROLE_REQUIRED: "notAllowed",
};

/** The API's refusal of pictures as the page says it, naming the file its reference (photos.<index>) points to; null for what is not a refusal. */
export function pictureProblemOf(error: unknown, pictures: readonly File[]): PictureProblem | null {
  if (!isApiError<OpsPictureUploadError | OpsPictureChangeError>(error) || error.status >= 500 || error.status === 401) return null;
  const kind = byCode(PROBLEM_OF, error.code) ?? "failed";
  const index = Number(/^photos\.(\d+)$/.exec(error.errors[0]?.reference ?? "")?.[1] ?? Number.NaN);
  const name = pictures[index]?.name;
  return name === undefined ? { kind } : { kind, name };
}

/** The order after moving one picture a place forward (-1) or back (+1). */
export function movedOrder(mediaIds: readonly number[], mediaId: number, step: -1 | 1): number[] {
  const at = mediaIds.indexOf(mediaId);
  const to = at + step;
  if (at < 0 || to < 0 || to >= mediaIds.length) return [...mediaIds];
  const order = [...mediaIds];
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}

/**
 * The product's pictures in the storefront's order, each with buttons to move it and remove it, and
 * a form to upload more (several at once). Every button is a form of its own, so it works without
 * the page's script; the last answer's notice or problem is said in place.
 */
export function ProductPictures({ product, busy, notice, problem }: { product: OpsProduct; busy: PictureIntent | null; notice: string | null; problem: PictureProblem | null }) {
  const { t } = useTranslation();
  const room = Math.max(0, PRODUCT_PICTURE_LIMITS.perProduct - product.pictures.length);
  // What the files picked since the last answer show; a new answer (a new `problem`) is shown again.
  const [picked, setPicked] = useState<{ after: PictureProblem | null; problem: PictureProblem | null } | null>(null);
  const shown = picked && picked.after === problem ? picked.problem : problem;
  const count = product.pictures.length;
  return (
    <section aria-labelledby="product-pictures" className="mt-4 max-w-5xl rounded-xl border border-line bg-white p-4" data-testid="product-pictures">
      <h2 id="product-pictures" className="text-base font-bold">
        {t("ops.catalogue.pictures.heading")}
      </h2>
      <p className="text-xs text-muted">{t("ops.catalogue.pictures.intro")}</p>
      {notice && (
        <p role="status" className="mt-2 text-sm text-green-900">
          {notice}
        </p>
      )}
      {count === 0 ? (
        <p className="mt-2 text-sm text-muted" data-testid="pictures-empty">
          {t("ops.catalogue.pictures.empty")}
        </p>
      ) : (
        <ol className="mt-3 flex flex-wrap gap-3" data-testid="picture-list">
          {product.pictures.map((picture, i) => {
            const alt = t("ops.catalogue.pictures.alt", { n: i + 1 });
            return (
              <li key={picture.mediaId} className="w-40 rounded-lg border border-line p-2" data-testid="picture">
                <img src={picture.thumbnailUrl} alt={alt} width={160} height={160} loading="lazy" className="h-36 w-full rounded object-contain" />
                <p className="mt-1 text-xs text-muted">
                  {alt}
                  {picture.pictureId === null && ` · ${t("ops.catalogue.pictures.generated")}`}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {i > 0 && <PictureButton intent="movePicture" mediaId={picture.mediaId} step={-1} label={`${t("ops.catalogue.pictures.moveUp")}: ${alt}`} text="←" disabled={busy !== null} />}
                  {i < count - 1 && <PictureButton intent="movePicture" mediaId={picture.mediaId} step={1} label={`${t("ops.catalogue.pictures.moveDown")}: ${alt}`} text="→" disabled={busy !== null} />}
                  <PictureButton intent="deletePicture" mediaId={picture.mediaId} label={`${t("ops.catalogue.pictures.delete")}: ${alt}`} text={t("ops.catalogue.pictures.delete")} disabled={busy !== null} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {room > 0 ? (
        // Keyed by the count, so the field is empty again once pictures were added or removed.
        <Form key={count} method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3" aria-busy={busy === "addPictures"}>
          <input type="hidden" name="intent" value="addPictures" />
          <div className="min-w-64 flex-1 text-sm">
            <label htmlFor="product-picture-files" className="font-semibold">
              {t("ops.catalogue.pictures.field")}
            </label>
            <input
              id="product-picture-files"
              type="file"
              name="photos"
              accept="image/jpeg,image/png,image/webp,image/avif"
              multiple
              required
              aria-invalid={shown ? true : undefined}
              aria-describedby={`product-picture-files-hint${shown ? " product-picture-files-problem" : ""}`}
              onChange={(event) => {
                const input = event.currentTarget;
                const found = input.files && input.files.length > 0 ? pictureProblemBeforeSending([...input.files]) : null;
                setPicked({ after: problem, problem: found });
                // The browser then keeps the form from being sent, and says why at the field.
                input.setCustomValidity(found ? problemText(t, found) : "");
              }}
              className="mt-1 block w-full rounded-lg border border-line bg-white p-1.5 text-sm file:mr-3 file:rounded file:border-0 file:bg-canvas file:px-3 file:py-1.5 file:font-semibold aria-[invalid=true]:border-red-700"
            />
            <p id="product-picture-files-hint" className="mt-1 text-xs text-muted">
              {t("ops.catalogue.pictures.hint", LIMIT_TEXTS)}
            </p>
            {shown && (
              <p id="product-picture-files-problem" role="alert" className="mt-1 font-semibold text-red-800" data-testid="picture-problem">
                {problemText(t, shown)}
              </p>
            )}
          </div>
          <button type="submit" disabled={busy !== null} className={`${opsButton.primary} h-11 px-6 text-base`}>
            {busy === "addPictures" ? t("ops.catalogue.pictures.sending") : t("ops.catalogue.pictures.add")}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-muted">{t("ops.catalogue.pictures.full", LIMIT_TEXTS)}</p>
      )}
    </section>
  );
}
