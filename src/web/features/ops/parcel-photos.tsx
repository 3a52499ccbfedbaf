import { useState } from "react";
import { Form } from "react-router";
import type { OpsSaleView, SalePhotoDeleteError, SalePhotoUploadError } from "../../../api/contract.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { Translate } from "../../../domain/i18n/translate.ts";
import { PARCEL_PHOTO_LIMITS } from "../../../domain/selling/parcel-photos.ts";
import { byCode, isApiError } from "../../api-client/client.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { opsButton } from "./ops-ui.tsx";

/** Why photos were not kept (ops.receiving.photos.problems), with the file at fault where there is one. */
export interface PhotoProblem {
  kind: "empty" | "notAnImage" | "tooLarge" | "tooMany" | "limit" | "notAllowed" | "closed" | "failed";
  name?: string;
}

const MB = 1024 * 1024;
/** The limits as the texts name them. */
const LIMIT_TEXTS = { perUpload: PARCEL_PHOTO_LIMITS.perUpload, perSale: PARCEL_PHOTO_LIMITS.perSale, mb: PARCEL_PHOTO_LIMITS.fileBytes / MB };

/** A problem as the page says it. */
function problemText(t: Translate, problem: PhotoProblem, room: number): string {
  return t(`ops.receiving.photos.problems.${problem.kind}`, { ...LIMIT_TEXTS, room, name: problem.name ?? "" });
}

/** The photos a posted form carries: a file input left empty sends one nameless, empty file. */
export function photosOf(form: FormData): File[] {
  return form.getAll("photos").filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/** What the desk can tell before sending: too many files at once, or one too large. */
export function photoProblemBeforeSending(photos: readonly { name: string; size: number }[]): PhotoProblem | null {
  if (photos.length > PARCEL_PHOTO_LIMITS.perUpload) return { kind: "tooMany" };
  const large = photos.find((photo) => photo.size > PARCEL_PHOTO_LIMITS.fileBytes);
  return large ? { kind: "tooLarge", name: large.name } : null;
}

const PROBLEM_OF: Partial<Record<SalePhotoUploadError | SalePhotoDeleteError, PhotoProblem["kind"]>> = {
  PHOTO_NOT_AN_IMAGE: "notAnImage",
  PHOTO_TOO_LARGE: "tooLarge",
  PHOTO_LIMIT: "limit",
  ROLE_REQUIRED: "notAllowed",
  SALE_NOT_RECEIVED: "closed",
  SALE_TRANSITION_NOT_ALLOWED: "closed",
};

/** The API's refusal of photos as the page says it, naming the file its reference (photos.<index>) points to; null for what is not a refusal. */
export function photoProblemOf(error: unknown, photos: readonly File[]): PhotoProblem | null {
  if (!isApiError<SalePhotoUploadError | SalePhotoDeleteError>(error) || error.status >= 500 || error.status === 401) return null;
  const kind = byCode(PROBLEM_OF, error.code) ?? "failed";
  const index = Number(/^photos\.(\d+)$/.exec(error.errors[0]?.reference ?? "")?.[1] ?? Number.NaN);
  const name = photos[index]?.name;
  return name === undefined ? { kind } : { kind, name };
}

/**
 * The file input for photos of a parcel's damage: the camera on a phone or tablet, several at once.
 * Too many files or one too large are said under it before anything is sent; the server's refusal
 * (`problem`) likewise.
 */
export function PhotoField({ id, problem, room, required = false }: { id: string; problem: PhotoProblem | null; room: number; required?: boolean }) {
  const { t } = useTranslation();
  // What the files picked since the last answer show; a new answer (a new `problem`) is shown again.
  const [picked, setPicked] = useState<{ after: PhotoProblem | null; problem: PhotoProblem | null } | null>(null);
  const shown = picked && picked.after === problem ? picked.problem : problem;
  const message = shown && problemText(t, shown, room);
  return (
    <div className="min-w-64 flex-1 text-sm" data-testid={`${id}-field`}>
      <label htmlFor={id} className="font-semibold">
        {t("ops.receiving.photos.field")}
      </label>
      <input
        id={id}
        type="file"
        name="photos"
        accept="image/*"
        capture="environment"
        multiple
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-problem` : ""}`}
        onChange={(event) => {
          const input = event.currentTarget;
          const found = photoProblemBeforeSending([...(input.files ?? [])]);
          setPicked({ after: problem, problem: found });
          // The browser then keeps the form from being sent, and says why at the field.
          input.setCustomValidity(found ? problemText(t, found, room) : "");
        }}
        className="mt-1 block w-full rounded-lg border border-line bg-white p-1.5 text-sm file:mr-3 file:rounded file:border-0 file:bg-canvas file:px-3 file:py-1.5 file:font-semibold aria-[invalid=true]:border-red-700"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t("ops.receiving.photos.hint", LIMIT_TEXTS)}
      </p>
      {message && (
        <p id={`${id}-problem`} role="alert" className="mt-1 font-semibold text-red-800" data-testid="photo-problem">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The sale's photos of its parcel's damage as thumbnails (each a link to the full image); for
 * receiving, while the sale is not over, a form to add more and a button to remove each.
 */
export function ParcelPhotos({
  sale,
  canChange,
  problem,
  busy,
  notice,
}: {
  sale: OpsSaleView;
  canChange: boolean;
  /** A refusal of the last photos sent (said under the field) or of a removal. */
  problem: { of: "upload" | "removal"; problem: PhotoProblem } | null;
  busy: "addPhotos" | "deletePhoto" | null;
  notice: string | null;
}) {
  const { t, i18n } = useTranslation();
  const room = Math.max(0, PARCEL_PHOTO_LIMITS.perSale - sale.photos.length);
  const fieldShown = canChange && room > 0;
  const underField = fieldShown && problem?.of === "upload" ? problem.problem : null;
  const alone = problem && !underField ? problem.problem : null;
  return (
    <section aria-labelledby="ops-photos" className="mt-4 rounded-xl border border-line bg-white p-4">
      <h2 id="ops-photos" className="font-bold">
        {t("ops.receiving.photos.heading")}
      </h2>
      {notice && (
        <p role="status" className="mt-2 text-sm text-green-900">
          {notice}
        </p>
      )}
      {sale.photos.length === 0 ? (
        <p className="mt-1 text-sm text-muted" data-testid="photos-empty">
          {t("ops.receiving.photos.empty")}
        </p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-3" data-testid="sale-photos">
          {sale.photos.map((photo, i) => {
            const alt = t("ops.receiving.photos.alt", { n: i + 1 });
            return (
              <li key={photo.uuid} className="w-32">
                <a href={photo.url} className="block overflow-hidden rounded-lg border border-line">
                  <img src={photo.url} alt={alt} width={photo.width} height={photo.height} loading="lazy" className="h-32 w-32 object-cover" />
                </a>
                <p className="mt-1 truncate text-xs text-muted">
                  <time dateTime={photo.uploadedAt}>{formatDate(photo.uploadedAt, i18n.language, "medium-time")}</time>
                  {photo.uploaderEmail && <span className="block truncate">{photo.uploaderEmail}</span>}
                </p>
                {canChange && (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="intent" value="deletePhoto" />
                    <input type="hidden" name="saleUuid" value={sale.uuid} />
                    <input type="hidden" name="photoUuid" value={photo.uuid} />
                    <button type="submit" disabled={busy !== null} aria-label={`${t("ops.receiving.photos.delete")}: ${alt}`} className={`${opsButton.secondary} h-8 px-3 text-xs`}>
                      {t("ops.receiving.photos.delete")}
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {fieldShown && (
        // Keyed by the count, so the field is empty again once photos were added or removed.
        <Form key={sale.photos.length} method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3" aria-busy={busy === "addPhotos"}>
          <input type="hidden" name="intent" value="addPhotos" />
          <input type="hidden" name="saleUuid" value={sale.uuid} />
          <PhotoField id="add-photos" problem={underField} room={room} required />
          <button type="submit" disabled={busy !== null} className={`${opsButton.primary} h-11 px-6 text-base`}>
            {busy === "addPhotos" ? t("ops.receiving.photos.sending") : t("ops.receiving.photos.add")}
          </button>
        </Form>
      )}
      {canChange && room === 0 && <p className="mt-3 text-sm text-muted">{t("ops.receiving.photos.full", LIMIT_TEXTS)}</p>}
      {alone && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800" data-testid="photo-problem">
          {problemText(t, alone, room)}
        </p>
      )}
    </section>
  );
}
