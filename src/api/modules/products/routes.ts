import { z } from "zod";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import {
  descriptionSchema,
  productDescriptionErrors,
  productViewErrors,
  productViewParams,
  productViewQuery,
  productViewSchema,
  wristbandSelectionErrors,
  wristbandSelectionQuery,
  wristbandSelectionSchema,
  type ProductView,
} from "./schemas.ts";
import type { ProductService } from "./service.ts";
import { productListErrors, productListQuery, productListViewSchema, type ProductListView } from "./list-schemas.ts";
import type { ProductListService } from "./list-service.ts";
import { authorsQuery, authorsSchema, rankingErrors, topProductsQuery, topProductsSchema } from "./ranking-schemas.ts";
import type { RankingService } from "./ranking-service.ts";

export interface ProductServices {
  products: ProductService;
  list: ProductListService;
  rankings: RankingService;
}

/** Every catalogue operation on products: lists, a product and its parts, wristbands, rankings. */
export function registerProductRoutes(app: ApiInstance, { products, list, rankings }: ProductServices): void {
  app.get(
    "/products",
    {
      schema: {
        operationId: "api_product_list_view",
        tags: ["catalogue"],
        summary: "A page of products (29) in a category or matching a text, sorted",
        querystring: productListQuery,
        response: { 200: productListViewSchema, ...errorResponsesOf(productListErrors) },
      },
    },
    // Sent as the cached JSON text: the answer is built to the schema (tests check it), so it is not serialised again.
    async (request, reply) => {
      const json = await list.listJson(request.query);
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
        response: { 200: productViewSchema, ...errorResponsesOf(productViewErrors) },
      },
    },
    // Sent as the shared JSON text, like lists: built to the schema (tests check it), not serialised again.
    async (request, reply) => {
      const json = await products.viewJson(request.params.id, request.query.locale ?? request.locale, request.query.wristbandId);
      return reply.type("application/json; charset=utf-8").send(json as unknown as ProductView);
    },
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
        response: { 200: descriptionSchema, ...errorResponsesOf(productDescriptionErrors) },
      },
    },
    async (request) => products.description(request.params.id, request.query.locale ?? request.locale),
  );

  app.get(
    "/wristbands/:id",
    {
      schema: {
        operationId: "api_wristband_model_selection",
        tags: ["catalogue"],
        summary: "The wristbands that can be combined with a watch case",
        params: productViewParams,
        querystring: wristbandSelectionQuery,
        response: { 200: wristbandSelectionSchema, ...errorResponsesOf(wristbandSelectionErrors) },
      },
    },
    async (request) => products.wristbands(request.params.id),
  );

  app.get(
    "/authors",
    {
      schema: {
        operationId: "api_author_list",
        tags: ["catalogue"],
        summary: "Authors of the books on offer, alphabetically, 100 a page",
        querystring: authorsQuery,
        response: { 200: authorsSchema, ...errorResponsesOf(rankingErrors) },
      },
    },
    async (request) => rankings.authors(request.query.page),
  );

  app.get(
    "/top-products",
    {
      schema: {
        operationId: "api_top_products",
        tags: ["catalogue"],
        summary: "Products ranked by popularity, ranks from…to (at most 1,000 at once); on green only those the shop buys, with their payout",
        querystring: topProductsQuery,
        response: { 200: topProductsSchema, ...errorResponsesOf(rankingErrors) },
      },
    },
    async (request) => rankings.topProducts(request.query),
  );
}
