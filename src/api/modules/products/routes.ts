import { z } from "zod";
import { errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { productViewParams, productViewQuery, productViewSchema } from "./schemas.ts";
import type { ProductService } from "./service.ts";
import { productListQuery, productListViewSchema, type ProductListView } from "./list-schemas.ts";
import type { ProductListService } from "./list-service.ts";

const descriptionSchema = z.object({ id: z.number().int(), paragraphs: z.array(z.string()) });
export type ProductDescription = z.infer<typeof descriptionSchema>;

export function registerProductRoutes(app: ApiInstance, service: ProductService, listService: ProductListService): void {
  app.get(
    "/products",
    {
      schema: {
        operationId: "api_product_list_view",
        tags: ["catalogue"],
        summary: "A page of products (29) in a category or matching a text, sorted",
        querystring: productListQuery,
        response: { 200: productListViewSchema, 400: errorResponses[400], 500: errorResponses[500] },
      },
    },
    // Sent as the cached JSON text: the answer is built to the schema (tests check it), so it is not serialised again.
    async (request, reply) => {
      const json = await listService.listJson(request.query);
      // A string with a JSON content type goes out as it is; the cast only satisfies the schema-typed reply.
      return reply.type("application/json; charset=utf-8").send(json as unknown as ProductListView);
    },
  );

  app.get(
    "/products/:id",
    {
      schema: {
        operationId: "api_product_view",
        tags: ["catalogue"],
        summary: "One product with its grades, media, categories and relations",
        params: productViewParams,
        querystring: productViewQuery,
        response: { 200: productViewSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.view(request.params.id, request.query.locale ?? request.locale, request.query.wristbandId),
  );

  app.get(
    "/products/:id/description",
    {
      schema: {
        operationId: "api_product_description",
        tags: ["catalogue"],
        summary: "A product's description in the current language (loaded after the page's critical content)",
        params: productViewParams,
        querystring: z.object({ locale: productViewQuery.shape.locale }),
        response: { 200: descriptionSchema, ...errorResponses },
      },
    },
    async (request) => service.description(request.params.id, request.query.locale ?? request.locale),
  );
}
