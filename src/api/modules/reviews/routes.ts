import type { FastifyRequest } from "fastify";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import {
  moderateReviewErrors,
  ownReviewAnswer,
  ownReviewErrors,
  ownReviewSchema,
  pendingReviewsErrors,
  pendingReviewsSchema,
  rejectBody,
  reviewIdParams,
  reviewListErrors,
  reviewListParams,
  reviewListQuery,
  reviewListSchema,
  writeReviewBody,
  writeReviewErrors,
} from "./schemas.ts";
import type { ReviewService } from "./service.ts";

type Customer = { uuid: string; email: string; firstName: string | null; lastName: string | null };
const staffOnly = { 404: "ROUTE_NOT_FOUND for anyone but staff" };

export function registerReviewRoutes(app: ApiInstance, service: ReviewService, deps: { customerOf: (request: FastifyRequest) => Promise<Customer | null> }): void {
  async function requireCustomer(request: FastifyRequest) {
    const customer = await deps.customerOf(request);
    if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to write a review.", "session");
    return customer;
  }

  app.get(
    "/products/:id/reviews",
    {
      schema: {
        operationId: "api_review_list",
        tags: ["reviews"],
        summary: "A product's approved reviews with their rating summary",
        params: reviewListParams,
        querystring: reviewListQuery,
        response: { 200: reviewListSchema, ...errorResponsesOf(reviewListErrors) },
      },
    },
    async (request) => service.list(request.params.id, request.query.page),
  );

  app.get(
    "/products/:id/reviews/mine",
    {
      schema: {
        operationId: "api_review_own",
        tags: ["reviews"],
        summary: "The customer's own review of the product, whatever its status, and whether they bought it",
        params: reviewListParams,
        response: { 200: ownReviewAnswer, ...errorResponsesOf(ownReviewErrors) },
      },
    },
    async (request) => service.own(await requireCustomer(request), request.params.id),
  );

  app.post(
    "/products/:id/reviews",
    {
      schema: {
        operationId: "api_review_write",
        tags: ["reviews"],
        summary: "Write a review (one per customer and product); it is shown once staff approved it",
        params: reviewListParams,
        body: writeReviewBody,
        response: { 201: ownReviewSchema, ...errorResponsesOf(writeReviewErrors) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.write(await requireCustomer(request), request.params.id, request.body, request.locale)),
  );

  app.get(
    "/ops/reviews/pending",
    { schema: { operationId: "api_ops_reviews_pending", tags: ["operations"], summary: "Support staff: reviews waiting for moderation, oldest first", response: { 200: pendingReviewsSchema, ...errorResponsesOf(pendingReviewsErrors, staffOnly) } } },
    async (request) => service.pending(staffActorOf(request)),
  );
  app.post(
    "/ops/reviews/:reviewId/approve",
    { schema: { operationId: "api_ops_review_approve", tags: ["operations"], summary: "Support staff: approve a review; it counts from now on", params: reviewIdParams, response: { 200: ownReviewSchema, ...errorResponsesOf(moderateReviewErrors, staffOnly) } } },
    async (request) => service.moderate(staffActorOf(request), request.params.reviewId, { approve: true }),
  );
  app.post(
    "/ops/reviews/:reviewId/reject",
    {
      schema: { operationId: "api_ops_review_reject", tags: ["operations"], summary: "Support staff: reject a review, with the reason kept", params: reviewIdParams, body: rejectBody, response: { 200: ownReviewSchema, ...errorResponsesOf(moderateReviewErrors, staffOnly) } },
    },
    async (request) => service.moderate(staffActorOf(request), request.params.reviewId, { approve: false, reason: request.body.reason }),
  );
}
