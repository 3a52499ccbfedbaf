import type { FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { keptPhotoSizesOf, KEPT_PHOTO_MAX_BYTES, type KeptPhoto } from "../media/kept-photo.ts";
import { AppError } from "./errors.ts";

/** What an upload of photos may carry and what is kept of each. */
export interface PhotoLimits {
  /** Files in one upload (one form). */
  perUpload: number;
  /** One file as sent. */
  fileBytes: number;
  /** The longer side of a kept photo, in pixels. */
  maxEdge: number;
}

/** A file of an upload as sent: its name (for the messages) and its bytes. */
export interface SentPhoto {
  filename: string;
  bytes: Uint8Array;
}

const MB = 1024 * 1024;

/** What busboy reads of one upload at most: the files, and nothing else worth keeping. */
export const multipartLimits = (limits: PhotoLimits) => ({ files: limits.perUpload, fileSize: limits.fileBytes, fields: 4, fieldSize: 1024, parts: limits.perUpload + 4, headerPairs: 20 });

/** Validates the params as every route does; the form is read part by part in the handler, its schema only documents it. */
export const formAsDocumented = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) =>
  route.httpPart === "body" ? () => true : validatorCompiler(route as Parameters<FastifySchemaCompiler<ZodType>>[0]);

/** A file too large as sent, named by its place in the form. */
export function photoTooLarge(limits: PhotoLimits, filename: string, index: number): AppError {
  return new AppError(413, "PHOTO_TOO_LARGE", `"${filename}" is larger than ${limits.fileBytes / MB} MB.`, `photos.${index}`);
}

/** Past the photos one upload may carry. */
export function tooManyInUpload(limits: PhotoLimits): AppError {
  return AppError.badRequest("PHOTO_LIMIT", `Send at most ${limits.perUpload} photos at once.`, "photos");
}

const unreadable = () => AppError.badRequest("VALIDATION_FAILED", "Send the photos as multipart/form-data, one file part named photos per photo.", "photos");

/** A multipart error as the API answers it: @fastify/multipart's by their codes, busboy's (a malformed form) as unreadable. */
function asAppError(limits: PhotoLimits, error: unknown, file?: { filename: string; index: number }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return photoTooLarge(limits, file?.filename ?? "A file", file?.index ?? 0);
  if (code === "FST_FILES_LIMIT") return tooManyInUpload(limits);
  return unreadable();
}

/**
 * The files of an upload, read to the form's end, so the client has sent everything when it is
 * answered; the first problem (a file too large, too many files, another field) refuses it whole.
 */
export async function sentPhotos(request: FastifyRequest, limits: PhotoLimits): Promise<SentPhoto[]> {
  if (!request.isMultipart()) throw unreadable();
  const sent: SentPhoto[] = [];
  let problem: AppError | undefined;
  let index = 0;
  try {
    for await (const part of request.parts({ limits: multipartLimits(limits) })) {
      if (part.type === "field" || part.fieldname !== "photos") problem ??= AppError.badRequest("VALIDATION_FAILED", "The form holds only files named photos.", "photos");
      if (part.type === "field") continue;
      const file = { filename: part.filename || `photo ${index + 1}`, index: index++ };
      // Past the first problem the rest is only read, not kept.
      if (problem) {
        part.file.resume();
        continue;
      }
      try {
        sent.push({ filename: file.filename, bytes: await part.toBuffer() });
      } catch (error) {
        problem = asAppError(limits, error, file);
      }
    }
  } catch (error) {
    problem ??= asAppError(limits, error);
  }
  if (problem) throw problem;
  return sent;
}

/** Every file decoded and re-encoded, or the request refused naming each file that is not an image. */
export async function keptPhotos(sent: readonly SentPhoto[], limits: PhotoLimits): Promise<KeptPhoto[]> {
  return (await keptPhotoSizes(sent, limits, [limits.maxEdge])).map(([photo]) => photo!);
}

/** Every file decoded and re-encoded in each of the sizes (the longer side within each edge), or the request refused naming each file that is not an image. */
export async function keptPhotoSizes(sent: readonly SentPhoto[], limits: PhotoLimits, edges: readonly number[]): Promise<KeptPhoto[][]> {
  if (sent.length === 0) throw AppError.badRequest("VALIDATION_FAILED", "Send at least one photo.", "photos");
  if (sent.length > limits.perUpload) throw tooManyInUpload(limits);
  const kept: KeptPhoto[][] = [];
  const problems: { code: "PHOTO_NOT_AN_IMAGE"; message: string; reference: string }[] = [];
  // One after another: decoding a camera's photo takes a core and some 100 MB.
  for (const [index, file] of sent.entries()) {
    const sizes = await keptPhotoSizesOf(file.bytes, edges);
    if (!sizes) problems.push({ code: "PHOTO_NOT_AN_IMAGE", message: `"${file.filename}" is not a JPEG, PNG, WebP or AVIF image.`, reference: `photos.${index}` });
    else if (sizes.some((photo) => photo.bytes.length > KEPT_PHOTO_MAX_BYTES)) throw photoTooLarge(limits, file.filename, index);
    else kept.push(sizes);
  }
  if (problems.length > 0) throw AppError.many(400, problems);
  return kept;
}
