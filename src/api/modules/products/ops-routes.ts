import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PRODUCT_PICTURE_LIMITS } from "../../../domain/catalogue/catalogue-editing.ts";
import { errorResponsesOf } from "../../errors.ts";
import { formAsDocumented, multipartLimits, sentPhotos } from "../../photo-uploads.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  categoryCreateErrors,
  categoryIdParams,
  categoryInputBody,
  categoryTreeErrors,
  categoryUpdateErrors,
  categoryViewErrors,
  opsCategorySchema,
  opsCategoryTreeSchema,
} from "./category-ops-schemas.ts";
import type { CategoryOpsService } from "./category-ops-service.ts";
import {
  mediaParams,
  opsProductListSchema,
  opsProductSchema,
  pictureChangeErrors,
  pictureOrderBody,
  pictureUploadErrors,
  pictureUploadForm,
  pictureUploadNotes,
  productCreateErrors,
  productIdParams,
  productInputBody,
  productListErrors,
  productListQuery,
  productUpdateErrors,
  productViewErrors,
} from "./ops-schemas.ts";
import type { ProductOpsService } from "./ops-service.ts";
import type { PictureOpsService } from "./picture-ops-service.ts";

const ops = { tags: ["operations"] };

export interface CatalogueOpsServices {
  products: ProductOpsService;
  pictures: PictureOpsService;
  categories: CategoryOpsService;
}

/** The back-office's catalogue: products, their pictures, categories (the staff guard has run: staffActorOf is the member). */
export function registerCatalogueOpsRoutes(api: FastifyInstance, services: CatalogueOpsServices): void {
  const app: ApiInstance = api.withTypeProvider<ZodTypeProvider>();
  registerProductRoutes(app, services);
  registerCategoryRoutes(app, services.categories);
  // Only the upload reads multipart/form-data, in a scope of its own.
  void api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: multipartLimits(PRODUCT_PICTURE_LIMITS) });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/ops/products/:productId/pictures",
      {
        schema: {
          operationId: "api_ops_product_picture_upload",
          ...ops,
          summary: `Pictures for a product (multipart/form-data, at most ${PRODUCT_PICTURE_LIMITS.perUpload} at once and ${PRODUCT_PICTURE_LIMITS.perProduct} per product), each re-encoded as WebP in the storefront's sizes (${PRODUCT_PICTURE_LIMITS.maxEdge} and ${PRODUCT_PICTURE_LIMITS.thumbEdge} px), its metadata dropped, and added after the last; all are kept or none`,
          params: productIdParams,
          consumes: ["multipart/form-data"],
          body: pictureUploadForm,
          response: { 200: opsProductSchema, ...errorResponsesOf(pictureUploadErrors, pictureUploadNotes) },
        },
        validatorCompiler: formAsDocumented,
      },
      async (request) => services.pictures.upload(staffActorOf(request), request.params.productId, () => sentPhotos(request, PRODUCT_PICTURE_LIMITS), request.locale),
    );
  });
}

function registerProductRoutes(app: ApiInstance, { products, pictures }: CatalogueOpsServices): void {
  app.get(
    "/ops/products",
    {
      schema: {
        operationId: "api_ops_product_list",
        ...ops,
        summary: "Products, the newest first, 25 a page; found by part of the name, an EAN, ISBN or ASIN, or the product number",
        querystring: productListQuery,
        response: { 200: opsProductListSchema, ...errorResponsesOf(productListErrors) },
      },
    },
    async (request) => products.list(staffActorOf(request), request.query, request.locale),
  );
  app.post(
    "/ops/products",
    {
      schema: {
        operationId: "api_ops_product_create",
        ...ops,
        summary: "A new product: name, texts per language (de required), category, brand, attributes, identifiers checked by their check digits, flags and new price; its grades start out of stock",
        body: productInputBody,
        response: { 201: opsProductSchema, ...errorResponsesOf(productCreateErrors, { 400: "IDENTIFIER_INVALID at the identifier's field for a wrong check digit or shape" }) },
      },
    },
    async (request, reply) => reply.status(201).send(await products.create(staffActorOf(request), request.body, request.locale)),
  );
  app.get(
    "/ops/products/:productId",
    {
      schema: {
        operationId: "api_ops_product_view",
        ...ops,
        summary: "A product as staff edit it, with its pictures in order",
        params: productIdParams,
        response: { 200: opsProductSchema, ...errorResponsesOf(productViewErrors) },
      },
    },
    async (request) => products.view(staffActorOf(request), request.params.productId, request.locale),
  );
  app.put(
    "/ops/products/:productId",
    {
      schema: {
        operationId: "api_ops_product_update",
        ...ops,
        summary: "A product's fields as staff set them (the slug follows the name); stock and grade prices stay",
        params: productIdParams,
        body: productInputBody,
        response: { 200: opsProductSchema, ...errorResponsesOf(productUpdateErrors, { 400: "IDENTIFIER_INVALID at the identifier's field for a wrong check digit or shape" }) },
      },
    },
    async (request) => products.update(staffActorOf(request), request.params.productId, request.body, request.locale),
  );
  app.put(
    "/ops/products/:productId/pictures/order",
    {
      schema: {
        operationId: "api_ops_product_picture_reorder",
        ...ops,
        summary: "Puts a product's pictures in a new order; the first is the one lists show",
        params: productIdParams,
        body: pictureOrderBody,
        response: { 200: opsProductSchema, ...errorResponsesOf(pictureChangeErrors) },
      },
    },
    async (request) => pictures.reorder(staffActorOf(request), request.params.productId, request.body.mediaIds, request.locale),
  );
  app.delete(
    "/ops/products/:productId/pictures/:mediaId",
    {
      schema: {
        operationId: "api_ops_product_picture_delete",
        ...ops,
        summary: "Removes one of a product's pictures (an uploaded one's files with it)",
        params: mediaParams,
        response: { 200: opsProductSchema, ...errorResponsesOf(pictureChangeErrors) },
      },
    },
    async (request) => pictures.remove(staffActorOf(request), request.params.productId, request.params.mediaId, request.locale),
  );
}

function registerCategoryRoutes(app: ApiInstance, categories: CategoryOpsService): void {
  app.get(
    "/ops/categories",
    {
      schema: {
        operationId: "api_ops_category_list",
        ...ops,
        summary: "The whole category tree, depth first, with each category's products counted",
        response: { 200: opsCategoryTreeSchema, ...errorResponsesOf(categoryTreeErrors) },
      },
    },
    async (request) => categories.tree(staffActorOf(request), request.locale),
  );
  app.post(
    "/ops/categories",
    {
      schema: {
        operationId: "api_ops_category_create",
        ...ops,
        summary: "A new category below a parent (or at the top): names and path segments per language, de required",
        body: categoryInputBody,
        response: { 201: opsCategorySchema, ...errorResponsesOf(categoryCreateErrors, { 409: "a path another category has, at the language's segment" }) },
      },
    },
    async (request, reply) => reply.status(201).send(await categories.create(staffActorOf(request), request.body, request.locale)),
  );
  app.get(
    "/ops/categories/:categoryId",
    {
      schema: {
        operationId: "api_ops_category_view",
        ...ops,
        summary: "A category with its names and paths in every language",
        params: categoryIdParams,
        response: { 200: opsCategorySchema, ...errorResponsesOf(categoryViewErrors) },
      },
    },
    async (request) => categories.view(staffActorOf(request), request.params.categoryId, request.locale),
  );
  app.put(
    "/ops/categories/:categoryId",
    {
      schema: {
        operationId: "api_ops_category_update",
        ...ops,
        summary: "A category's names, path segments, parent and position; the paths below it and its products' lineage follow",
        params: categoryIdParams,
        body: categoryInputBody,
        response: {
          200: opsCategorySchema,
          ...errorResponsesOf(categoryUpdateErrors, { 400: "CATEGORY_MOVE_NOT_ALLOWED for a parent below the category itself", 409: "a path another category has, at the language's segment" }),
        },
      },
    },
    async (request) => categories.update(staffActorOf(request), request.params.categoryId, request.body, request.locale),
  );
}
