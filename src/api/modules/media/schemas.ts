import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { productIdParam } from "../../schemas.ts";

export const imageParams = z.object({ id: productIdParam, file: z.string().regex(/^[0-9]{1,2}\.svg$/, "Expected {index}.svg") });
export const imageQuery = z.object({ size: z.enum(["large", "thumb"]).default("large") });
export const gradeParams = z.object({ file: z.enum(GRADES.map((g) => `${g}.svg`) as [string, ...string[]]) });
export const pictureParams = z.object({ pictureId: z.uuid("A picture id is a UUID"), file: z.enum(["large.webp", "thumb.webp"], { error: "Expected large.webp or thumb.webp" }) });
