import { z } from "zod";
import { AppError, errorResponses } from "../../errors.ts";
import { localeQuery, productIdParam } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";
import type { ProductRepository } from "./repository.ts";
import { productSummarySchema } from "./schemas.ts";

const selectionSchema = z.object({
  caseId: z.number().int(),
  models: z
    .array(z.object({ model: z.string(), bands: z.array(productSummarySchema) }))
    .describe("Bands that fit this case, grouped by model (Sport Band 41 mm, …), each colour a product"),
});
export type WristbandSelection = z.infer<typeof selectionSchema>;

/** "Apple Sport Band 41 mm Midnight" → "Sport Band 41 mm": the model is the name without brand and colour. */
export function bandModel(name: string, colour: string | null): string {
  const withoutColour = colour && name.endsWith(` ${colour}`) ? name.slice(0, -colour.length - 1) : name;
  return withoutColour.replace(/^Apple /, "");
}

export function registerWristbandRoutes(app: ApiInstance, repo: ProductRepository): void {
  app.get(
    "/wristbands/:id",
    {
      schema: {
        operationId: "api_wristband_model_selection",
        tags: ["catalogue"],
        summary: "The wristbands that can be combined with a watch case",
        params: z.object({ id: productIdParam }),
        querystring: z.object({ locale: localeQuery }),
        response: { 200: selectionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(await repo.product(id))) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${id} does not exist`, "params.id");
      const bands = (await repo.relations(id)).filter((r) => r.kind === "wristband").map(({ kind: _kind, ...band }) => band);
      if (bands.length === 0) throw AppError.badRequest("PRODUCT_HAS_NO_WRISTBANDS", `Product ${id} is not a case that takes a wristband`, "params.id");
      const models = new Map<string, typeof bands>();
      for (const band of bands) {
        const model = bandModel(band.name, band.propColor);
        models.set(model, [...(models.get(model) ?? []), band]);
      }
      return { caseId: id, models: [...models].map(([model, list]) => ({ model, bands: list })) };
    },
  );
}
