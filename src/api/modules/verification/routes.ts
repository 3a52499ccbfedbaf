import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { parsePass, passPayload, VERIFICATION_TTL_MS } from "../../../domain/shell/verification.ts";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import { AppError } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";

/** Where a rate-limited visitor proves being a person (the storefront's /verify page). */
export const VERIFY_LOCATION = "/verify";
/** In-process calls from the storefront's loaders carry this per-process token and are not limited twice. */
export const INTERNAL_TOKEN = randomBytes(24).toString("base64url");
export const INTERNAL_HEADER = "x-reloop-internal";
/** The rate limiter's error code; other 429s (a locked login) do not send visitors to verification. */
export const RATE_LIMITED_CODE = "TOO_MANY_REQUESTS";

export interface VerificationOptions {
  secret: string;
  maxPerMinute: number;
  cookieName: string;
  clock: () => Date;
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function hasValidPass(request: FastifyRequest, options: VerificationOptions): boolean {
  const pass = parsePass(request.cookies[options.cookieName]);
  if (!pass || pass.expiresAt < options.clock().getTime()) return false;
  const expected = Buffer.from(sign(options.secret, passPayload(pass.expiresAt)));
  const given = Buffer.from(pass.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Rate limit per client address on API calls and pages (not on assets). Past the limit the API
 * answers 429 with x-verify-location; a confirmed person gets a signed pass for an hour.
 */
export async function registerRateLimit(app: FastifyInstance, options: VerificationOptions): Promise<(scope: FastifyInstance) => void> {
  await app.register(fastifyRateLimit, {
    global: false,
    max: options.maxPerMinute,
    timeWindow: 60_000,
    allowList: (request) => request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN || hasValidPass(request, options),
    errorResponseBuilder: () => new AppError(429, RATE_LIMITED_CODE, "Too many requests. Please confirm you are a person.", "request"),
  });
  return (scope) => scope.addHook("onRequest", app.rateLimit());
}

export function registerVerificationRoutes(app: ApiInstance, options: VerificationOptions): void {
  void app.register(fastifyFormbody);
  app.post(
    "/verification",
    {
      schema: {
        operationId: "api_verification_confirm",
        tags: ["operations"],
        summary: "Confirms a rate-limited visitor is a person and returns to where they were",
        body: z.object({ next: z.string().max(2000).optional() }),
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const expiresAt = options.clock().getTime() + VERIFICATION_TTL_MS;
      const value = `${passPayload(expiresAt)}.${sign(options.secret, passPayload(expiresAt))}`;
      return reply
        .setCookie(options.cookieName, value, { path: "/", httpOnly: true, sameSite: "lax", maxAge: VERIFICATION_TTL_MS / 1000, secure: request.protocol === "https" })
        .redirect(safeRedirectTarget(request.body.next), 303);
    },
  );
}
