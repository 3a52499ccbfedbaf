import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { errorCodes, type FastifyInstance, type FastifyRequest, type RouteHandlerMethod } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Config } from "../config.ts";
import { createApiClient } from "../web/api-client/client.ts";
import type { storefrontContext } from "../web/load-context.ts";
import { facebookSdkOrigin } from "../domain/accounts/facebook-login.ts";
import { CLAIM_PHOTO_LIMITS } from "../domain/returns/returns.ts";
import { PARCEL_PHOTO_LIMITS } from "../domain/selling/parcel-photos.ts";
import { PRODUCT_PICTURE_LIMITS } from "../domain/catalogue/catalogue-editing.ts";
import { experimentActive } from "../domain/catalogue/experiments.ts";
import { sessionCookie } from "../domain/accounts/accounts.ts";
import { cartCookie } from "../domain/checkout/cart-rules.ts";
import { isbot } from "isbot";
import { injectTransport } from "./inject-transport.ts";
import { withinPageRender } from "../api/internal-calls.ts";
import { recordCacheLookup, ssrRenderSeconds } from "../metrics.ts";
import { parseCookie, parseSetCookie } from "cookie";
import { asSent, createPageCache, type PageCache } from "./page-cache.ts";
import { sendCachedPage, sendWebResponse, toKeptPageRequest, toWebRequest } from "./request.ts";

const BUILD_DIR = resolve("build");
/** Receiving's form on a sale's page: its note and up to PARCEL_PHOTO_LIMITS.perUpload photos, with room for the form's own parts. */
/** Fastify's, when the app sets none. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const PHOTO_FORM_BYTES = PARCEL_PHOTO_LIMITS.perUpload * PARCEL_PHOTO_LIMITS.fileBytes + 1024 * 1024;
/** A product's pictures form in the back-office: up to PRODUCT_PICTURE_LIMITS.perUpload pictures. */
const PICTURE_FORM_BYTES = PRODUCT_PICTURE_LIMITS.perUpload * PRODUCT_PICTURE_LIMITS.fileBytes + 1024 * 1024;
/** A warranty claim's form: its description and up to CLAIM_PHOTO_LIMITS.perUpload photos of the defect. */
const CLAIM_FORM_BYTES = CLAIM_PHOTO_LIMITS.perUpload * CLAIM_PHOTO_LIMITS.fileBytes + 1024 * 1024;

/**
 * API calls that read, or change only what one visitor sees (their cart, account, wishlist, alerts,
 * the shell's personal parts), never what a kept page shows: they leave the kept pages alone, so
 * shoppers filling their carts do not make everyone's pages render again.
 */
const PERSONAL_ONLY_API = /^\/api\/(user-meta|cart\/|green-cart\/(items|coupon|shipping|express-grading|prepare-checkout)|customer\/|watchlist\/|buy-alerts\/|errors|search\/conversion-clicks|recommendations\/feedback|trade-in\/)/;

interface Storefront {
  /** Build id: changes whenever the client code changes. */
  version: string;
  /** `onChange` hears committed changes of cached tables from every instance (Database.onChange). */
  register(app: FastifyInstance, limitRequests: (scope: FastifyInstance) => void, onChange?: (listener: (table: string) => void) => void): Promise<void>;
}

/** The React Router app: the production build, or Vite in middleware mode with hot reload in development. */
export async function loadStorefront(config: Config, packageVersion: string): Promise<Storefront> {
  if (config.dev) return devStorefront(config, packageVersion);
  const serverEntry = join(BUILD_DIR, "server", "index.js");
  if (!existsSync(serverEntry)) throw new Error(`No storefront build at ${serverEntry}: run "npm run build" first.`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const version = `${packageVersion}+${build.assets.version}`;
  return {
    version,
    async register(app, limitRequests, onChange) {
      await app.register(fastifyStatic, {
        root: join(BUILD_DIR, "client"),
        wildcard: false,
        preCompressed: true,
        setHeaders(res, path) {
          if (path.includes(`${join("client", "assets")}`)) res.header("cache-control", "public, max-age=31536000, immutable");
          else res.header("cache-control", "public, max-age=3600");
        },
      });
      const pageCache = createPageCache(config.PRODUCT_NAME, {
        personalCookies: { session: sessionCookie(config.PRODUCT_NAME, config.PUBLIC_URL).name, cart: cartCookie(config.PRODUCT_NAME, config.PUBLIC_URL).name },
      });
      // A change on any instance to what pages show (catalogue, stock, prices, texts) drops every kept page.
      onChange?.(() => pageCache.clear());
      // So does whatever the API changes in this process (reviews, content, orders), notified or not.
      app.addHook("onResponse", async (request, reply) => {
        if (request.method !== "GET" && request.method !== "HEAD" && request.url.startsWith("/api/") && reply.statusCode < 400 && !PERSONAL_ONLY_API.test(request.url)) pageCache.clear();
      });
      // The build itself, not a function returning it: React Router then derives its route tables once, not per request.
      registerHandler(app, config, build, "production", version, limitRequests, pageCache);
    },
  };
}

async function devStorefront(config: Config, packageVersion: string): Promise<Storefront> {
  const version = `${packageVersion}+dev`;
  return {
    version,
    async register(app, limitRequests) {
      const [{ createServer }, { default: middie }] = await Promise.all([import("vite"), import("@fastify/middie")]);
      const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
      app.addHook("onClose", () => vite.close());
      await app.register(middie);
      app.use(vite.middlewares);
      registerHandler(
        app,
        config,
        () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        "development",
        version,
        limitRequests,
      );
    },
  };
}

function registerHandler(
  app: FastifyInstance,
  config: Config,
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  version: string,
  limitRequests: (scope: FastifyInstance) => void,
  pageCache?: PageCache,
): void {
  const handle = createRequestHandler(build, mode);
  const facebookOrigin = config.facebook ? facebookSdkOrigin(config.facebook.sdkUrl) : null;
  void app.register(async (scope) => {
    limitRequests(scope);
    // Actions parse their forms themselves; the body is read here, within the API's own size limit (413 past it).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: app.initialConfig.bodyLimit }, (_request, body, done) => done(null, body));
    /** The API client of a request, in-process, with its visitor's cookies (or those given). */
    const clientFor = (request: FastifyRequest, cookieHeader = request.headers.cookie) =>
      createApiClient(injectTransport(app, { cookieHeader, requestId: request.id, address: request.ip, userAgent: request.headers["user-agent"] }));
    const handler: RouteHandlerMethod = async (request, reply) => {
      const experiments = {
        // Bucketed by address and browser, so nothing is stored before consent.
        macbookInStock: experimentActive(config.EXPERIMENT_MACBOOK_IN_STOCK, "macbook-in-stock", `${request.ip}|${request.headers["user-agent"] ?? ""}`),
      };
      const pageKey =
        pageCache?.keyOf({
          method: request.method,
          url: request.url,
          host: request.host,
          cookieHeader: request.headers.cookie,
          locale: request.locale,
          bot: isbot(request.headers["user-agent"] ?? ""),
          variant: experiments.macbookInStock ? "macbook-in-stock" : "",
        }) ?? null;
      const cacheKey = pageKey?.key ?? null;
      const kept = cacheKey === null ? undefined : pageCache?.get(cacheKey);
      if (cacheKey !== null) recordCacheLookup("page", kept !== undefined);
      if (kept) return sendCachedPage(reply, kept);
      const clientWith = (cookieHeader: string | undefined) => clientFor(request, cookieHeader);
      const api = clientWith(request.headers.cookie);
      const rendered = ssrRenderSeconds.startTimer();
      // A page to be kept sees only what its key holds; one rendered for this visitor sees everything.
      const webRequest = pageKey ? toKeptPageRequest(request, reply, pageKey.cookieHeader) : toWebRequest(request, reply);
      const context = new RouterContextProvider();
      context.set(await handOverToken(build), {
        api,
        apiAs: (setCookies) => clientWith(cookieHeaderAfter(request.headers.cookie, setCookies)),
        locale: request.locale,
        productName: config.PRODUCT_NAME,
        publicUrl: config.PUBLIC_URL,
        version,
        experiments,
        facebookSdkOrigin: facebookOrigin,
        kept: pageKey !== null,
        personalAfterLoad: pageKey && pageKey.visitor !== "anonymous" ? pageKey.visitor : null,
      });
      const response = await withinPageRender(() => handle(webRequest, context));
      rendered({ status: String(response.status) });
      return sendWebResponse(reply, response, cacheKey === null ? undefined : (page) => pageCache?.store(cacheKey, page));
    };
    scope.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*", schema: { hide: true }, handler });
    /** A back-office page that takes photos: a larger form, from staff only (anyone else is held to the usual limit). */
    const staffPhotoForm = (url: string, bodyLimit: number) =>
      scope.route({
        method: "POST",
        url,
        schema: { hide: true },
        bodyLimit,
        onRequest: async (request) => {
          if (Number(request.headers["content-length"] ?? Infinity) <= (app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT)) return;
          const staff = await clientFor(request).call({ method: "GET", path: "/api/ops/me" }).then(() => true, () => false);
          if (!staff) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
        },
        handler,
      });
    // A sale's page takes receiving's photos of the parcel's damage; a product's page its pictures.
    staffPhotoForm("/ops/sales/:saleRef", PHOTO_FORM_BYTES);
    staffPhotoForm("/ops/products/:productId", PICTURE_FORM_BYTES);
    // The warranty claim's page takes photos of the defect: a larger form, from whoever may see the order.
    scope.route({
      method: "POST",
      url: "/my/orders/:orderUuid/warranty-claim",
      schema: { hide: true },
      bodyLimit: CLAIM_FORM_BYTES,
      onRequest: async (request) => {
        if (Number(request.headers["content-length"] ?? Infinity) <= (app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT)) return;
        const { orderUuid } = request.params as { orderUuid: string };
        const key = new URL(request.url, "http://localhost").searchParams.get("key");
        const path = `/api/orders/${encodeURIComponent(orderUuid)}/returns${key ? `?key=${encodeURIComponent(key)}` : ""}`;
        const mayClaim = await clientFor(request).call({ method: "GET", path }).then(() => true, () => false);
        if (!mayClaim) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      },
      handler,
    });
  });
}

/** The build's own token for what the server hands a request (exported by its entry.server.tsx). */
async function handOverToken(build: ServerBuild | (() => Promise<ServerBuild>)): Promise<typeof storefrontContext> {
  const { entry } = typeof build === "function" ? await build() : build;
  const token = (entry.module as { storefrontContext?: typeof storefrontContext }).storefrontContext;
  if (!token) throw new Error("The storefront build's entry.server exports no storefrontContext");
  return token;
}

/** The request's cookies as the browser will send them next: the answer's Set-Cookie headers applied (a login's new session). */
export function cookieHeaderAfter(cookieHeader: string | undefined, setCookies: readonly string[]): string {
  const jar = new Map(Object.entries(parseCookie(cookieHeader ?? "", { decode: asSent })));
  for (const header of setCookies) {
    const cookie = parseSetCookie(header, { decode: asSent });
    if (!cookie.name) continue;
    // An expired or emptied cookie is one the browser drops.
    const expired = cookie.value === "" || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
