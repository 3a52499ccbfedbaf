import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "./errors.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerRequestContext } from "./plugins/request-context.ts";
import { registerHealthRoutes } from "./modules/health/routes.ts";
import { createServices } from "./services.ts";
import { registerNavigationRoutes } from "./modules/navigation/routes.ts";
import { registerProductRoutes } from "./modules/products/routes.ts";
import { registerMediaRoutes } from "./modules/media/routes.ts";
import { registerAnnouncementRoutes } from "./modules/announcements/routes.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  /** Build id sent as X-Version. */
  version: string;
  logger?: FastifyServerOptions["logger"];
  /** Registers the storefront on the root instance (SSR); absent in API tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  clock?: () => Date;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  registerRequestContext(app, { productName: options.config.PRODUCT_NAME, version: options.version });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reloop API",
        description: "The marketplace's JSON API: catalogue, carts, checkout, accounts. Errors always use the `errors` shape.",
        version: options.version,
      },
      tags: [
        { name: "catalogue", description: "Categories and products" },
        { name: "content", description: "Announcements and texts" },
        { name: "operations", description: "Health and readiness" },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  registerErrorHandler(app);
  const services = createServices(options.database.db, options.clock);
  registerHealthRoutes(app, options.database.db, options.version);
  registerMediaRoutes(app, services);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      registerNavigationRoutes(typed, services.navigation);
      registerProductRoutes(typed, services.products, services.productList);
      registerAnnouncementRoutes(typed, services.announcements);
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      // Answers unknown API paths here, before the storefront's catch-all can.
      api.all("/*", { schema: { hide: true } }, async (request) => {
        throw AppError.notFound("ROUTE_NOT_FOUND", `No API operation ${request.method} ${request.url.split("?")[0]}`);
      });
    },
    { prefix: "/api" },
  );

  if (options.web) await options.web(app);
  return app;
}
