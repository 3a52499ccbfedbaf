import { STATUS_CODES } from "node:http";
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { GENERAL_ERRORS } from "./error-codes.ts";
import { STAFF_API_PREFIX, unauthorized } from "./modules/accounts/sessions.ts";
import { RATE_LIMITED_CODE, VERIFY_LOCATION } from "./modules/verification/routes.ts";

/**
 * The OpenAPI document served at /api/openapi.json: generated from the routes' Zod schemas, with
 * the schemas registered under an id (`.meta({ id })`, e.g. ErrorBody) as shared components, the
 * session cookie as security scheme and each operation's access as its guards decide it.
 */

/** The security scheme of the session cookie; staff operations ask for its `staff` role. */
export const SESSION_SCHEME = "session";

type SecurityRequirement = Record<string, string[]>;

/** Who may call an operation, and the sentence that tells it in the operation's description. */
interface Access {
  security: SecurityRequirement[];
  description: string;
}

const STAFF: Access = {
  security: [{ [SESSION_SCHEME]: ["staff"] }],
  description:
    "Staff only: needs the session cookie of a staff account. To anyone else the operation does not exist: it answers 404 ROUTE_NOT_FOUND before the request is validated.",
};
const CUSTOMER: Access = {
  security: [{ [SESSION_SCHEME]: [] }],
  description: "Needs a logged-in customer (the session cookie set at login); without one it answers 401 NOT_AUTHENTICATED.",
};
const ANYONE: Access = {
  // `{}` first: no credentials needed; a session cookie, when sent, makes the request its customer's.
  security: [{}, { [SESSION_SCHEME]: [] }],
  description: "Open to everyone, logged in or not; when the session cookie is sent, the request is its customer's.",
};
const OUTSIDE_API: Access = { security: [], description: "Open to everyone; no cookie is read." };

/**
 * The access of a route, from how it is guarded: the operations API (/api/ops/) is refused to
 * anyone but staff in one hook; an operation that needs a customer declares the shared 401
 * `unauthorized` answer; the rest of /api is open, and routes outside it read no session at all.
 */
function accessOf(url: string, schema: { response?: unknown }): Access {
  if (url.startsWith(STAFF_API_PREFIX)) return STAFF;
  const responses = schema.response as Record<string, unknown> | undefined;
  if (responses?.[401] === unauthorized) return CUSTOMER;
  return url.startsWith("/api/") ? ANYONE : OUTSIDE_API;
}

const SCHEMA_REF = "#/components/schemas/";

/** The limiter's answer (src/api/plugins/error-handler.ts), on every route behind the rate limit. */
const RATE_LIMITED_RESPONSE = {
  $ref: `${SCHEMA_REF}ErrorBody`,
  description: `${RATE_LIMITED_CODE}: past the rate limit for this client; a person gets a pass at the page x-verify-location names`,
  headers: { "x-verify-location": { type: "string", const: VERIFY_LOCATION, description: "The storefront's page where a person proves being one and gets a pass" } },
};

/** The parts of a route's schema that hold JSON schemas (by status code, for responses). */
const SCHEMA_PARTS = new Set(["body", "querystring", "params", "headers", "response"]);

/**
 * `{ $ref, description }` as `{ description, allOf: [{ $ref }] }`: the OpenAPI converter drops
 * whatever sits beside a `$ref` (OpenAPI 3.0's rule), and with it the description of a field such
 * as a described Money. The top `depth` levels are left alone: a response's own schema (one level
 * below the status codes) gives the converter the response's description.
 */
function keepRefSiblings(node: unknown, depth: number): unknown {
  if (Array.isArray(node)) return node.map((item) => keepRefSiblings(item, depth - 1));
  if (!node || typeof node !== "object") return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, keepRefSiblings(value, depth - 1)]));
  if (depth > 0 || typeof copy.$ref !== "string" || Object.keys(copy).length === 1) return copy;
  const { $ref, ...siblings } = copy;
  return { ...siblings, allOf: [{ $ref }] };
}

/**
 * The Zod transform, plus each operation's security, a description that says who may call it and,
 * behind the rate limit, its 429.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const parts = Object.fromEntries(Object.entries(schema).map(([part, value]) => [part, SCHEMA_PARTS.has(part) ? keepRefSiblings(value, part === "response" ? 2 : 1) : value]));
  const { description, security, response } = parts as { description?: string; security?: SecurityRequirement[]; response?: Record<string, unknown> };
  const access = accessOf(input.url, input.schema);
  return {
    url,
    schema: {
      ...parts,
      security: security ?? access.security,
      description: description ? `${description}\n\n${access.description}` : access.description,
      ...(input.route.config?.rateLimited && !response?.[429] ? { response: { ...response, 429: RATE_LIMITED_RESPONSE } } : {}),
    },
  };
};

interface JsonObject {
  [key: string]: unknown;
}
interface Document {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** The component schemas the paths use, directly or through other components. */
function usedSchemas(document: Document): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node as JsonObject)) {
        if (key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF)) {
          const name = value.slice(SCHEMA_REF.length);
          if (!used.has(name)) {
            used.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(value);
      }
    }
  }
  return used;
}

/**
 * The registered schemas as components. The Zod transform emits each one twice, as read
 * (`ErrorBodyInput`) and as written (`ErrorBody`); only those the paths refer to are kept.
 * Responses without a description of their own get the status' name rather than "Default Response".
 */
const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as Document;
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = usedSchemas(document);
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === "Default Response" && STATUS_CODES[status]) response.description = STATUS_CODES[status];
      }
    }
  }
  return document as ReturnType<SwaggerTransformObject>;
};

export interface OpenApiSettings {
  /** Build id: the document's version. */
  version: string;
  /** Where the shop answers (PUBLIC_URL): the document's one server. */
  publicUrl: string;
  /** The session cookie's name: `{product}-session`, `__Host-` prefixed under HTTPS. */
  sessionCookieName: string;
}

export function openApiOptions(settings: OpenApiSettings): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reloop API",
        description: [
          "The marketplace's JSON API: catalogue, carts, checkout, accounts, the sell side and staff operations.",
          'Every answer that is not 2xx has the body `{"errors":[{"code","message","reference"}]}` (the ErrorBody schema): `code` is stable and machine-readable, `reference` names the field at fault or the request id. Invalid input is 400 with one item per problem; a 5xx is a bug of the shop, never bad input.',
          `Each operation's error answers name the codes they may carry. Any operation may also answer ${GENERAL_ERRORS.join(", ")}: a request that cannot be read (BAD_REQUEST, or Fastify's own FST_ERR_ code), a state-changing request from another site, past the rate limit, and our bug.`,
          "Every answer carries X-Version (the build id). Past the rate limit the API answers 429 with x-verify-location, the page where a person gets a pass. Who may call an operation is its security: the session cookie for logged-in customers, with the `staff` role for the operations API (/api/ops/).",
        ].join("\n\n"),
        version: settings.version,
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: settings.publicUrl.replace(/\/+$/, ""), description: "This shop (its PUBLIC_URL)" }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: settings.sessionCookieName,
            description:
              "The session cookie set by logging in (HttpOnly, SameSite=Lax; `__Host-` prefixed and Secure under HTTPS). Staff accounts' sessions have the `staff` role, which the operations API requires.",
          },
        },
      },
      tags: [
        { name: "catalogue", description: "Categories and products" },
        { name: "content", description: "Announcements and texts" },
        { name: "reviews", description: "Product reviews" },
        { name: "recommendations", description: "Recommendation slots and their feedback" },
        { name: "newsletter", description: "Newsletter signup with double opt-in" },
        { name: "trade-in", description: "The sell side: devices the shop buys and what it pays" },
        { name: "accounts", description: "Login, registration, session, account settings and the address book" },
        { name: "mail", description: "Reports from the mail provider" },
        { name: "cart", description: "The buy cart: items, coupon, insurance, delivery and payment choices" },
        { name: "checkout", description: "Address and placing the order" },
        { name: "orders", description: "A customer's orders" },
        { name: "sell-cart", description: "The sell (green) cart: offers, coupon, express inspection, shipping and the sell checkout" },
        { name: "sales", description: "A customer's sales: status, label, counteroffers" },
        { name: "wishlist", description: "The customer's wishlist, with price-drop mails" },
        { name: "buy-alerts", description: "Back-in-stock alerts and their mails" },
        { name: "payments", description: "Payment providers' redirects and notifications" },
        { name: "operations", description: "Health and readiness" },
      ],
    },
    transform,
    transformObject,
  };
}
