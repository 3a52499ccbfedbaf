import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { z } from "zod";
import { VERIFICATION_TTL_MS } from "../../../domain/protection/verification.ts";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { INTERNAL_HEADER, INTERNAL_TOKEN } from "../../internal-calls.ts";
import { challengeResponse, confirmBody, verificationConfirmErrors } from "./schemas.ts";
import { clientOf, type VerificationService } from "./service.ts";

/** Where a rate-limited visitor proves being a person (the storefront's /verify page). */
export const VERIFY_LOCATION = "/verify";
/**
 * Where the storefront's pages ask for the routes their links lead to (React Router's route
 * discovery). Not limited: it reads no data, and the verification page needs it too, or a limited
 * visitor's browser gets that page's HTML for it ("Failed to fetch manifest patches").
 */
export const ROUTE_MANIFEST_PATH = "/__manifest";
/** The rate limiter's error code; other 429s (a locked login) do not send visitors to verification. */
export const RATE_LIMITED_CODE = "TOO_MANY_REQUESTS";

interface RateLimitOptions {
  maxPerMinute: number;
  /** Counters in Redis are shared by every instance; without it each process counts its own. */
  redis?: { client: Redis; keyPrefix: string } | undefined;
  cookieName: string;
  service: VerificationService;
}

/**
 * Rate limit per client address on API calls and pages (not on assets). Past the limit the API
 * answers 429 with x-verify-location; a person who solved the check gets a signed pass for an hour.
 * The verification page itself (and the route manifest it asks for) is never limited, or a limited visitor could not get out.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<(scope: FastifyInstance) => void> {
  await app.register(fastifyRateLimit, {
    global: false,
    max: options.maxPerMinute,
    timeWindow: 60_000,
    ...(options.redis ? { redis: options.redis.client, nameSpace: `${options.redis.keyPrefix}rate-limit:`, skipOnError: true } : {}),
    allowList: (request) =>
      request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN ||
      request.url === VERIFY_LOCATION ||
      request.url.startsWith(`${VERIFY_LOCATION}?`) ||
      request.url === ROUTE_MANIFEST_PATH ||
      request.url.startsWith(`${ROUTE_MANIFEST_PATH}?`) ||
      options.service.hasValidPass(request.cookies[options.cookieName], clientOf(request)),
    errorResponseBuilder: () => new AppError(429, RATE_LIMITED_CODE, "Too many requests. Please confirm you are a person.", "request"),
  });
  return (scope) => {
    scope.addHook("onRequest", app.rateLimit());
    // Marks the scope's routes, so the OpenAPI document lists the 429 they may answer.
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, rateLimited: true };
    });
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every route behind the rate limit (registerRateLimit). */
    rateLimited?: boolean;
  }
}

/** Registered outside the rate limit: these are how a limited visitor gets a pass. */
export function registerVerificationRoutes(app: ApiInstance, options: RateLimitOptions): void {
  void app.register(fastifyFormbody);
  app.get(
    "/verification/challenge",
    {
      schema: {
        operationId: "api_verification_challenge",
        tags: ["operations"],
        summary: "A proof-of-work challenge for this client, to be solved before confirming",
        response: { 200: challengeResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return options.service.issueChallenge(clientOf(request));
    },
  );
  app.post(
    "/verification",
    {
      schema: {
        operationId: "api_verification_confirm",
        tags: ["operations"],
        summary: "Checks a solved challenge, sets the pass and returns to where the visitor was",
        body: confirmBody,
        response: { 303: z.null(), ...errorResponsesOf(verificationConfirmErrors) },
      },
    },
    async (request, reply) => {
      const pass = await options.service.confirm(clientOf(request), request.body.challenge, request.body.solution);
      return reply
        .setCookie(options.cookieName, pass, { path: "/", httpOnly: true, sameSite: "lax", maxAge: VERIFICATION_TTL_MS / 1000, secure: request.protocol === "https" })
        .redirect(safeRedirectTarget(request.body.next), 303);
    },
  );
}
