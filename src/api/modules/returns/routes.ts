import type { FastifyReply } from "fastify";
import { errorResponsesOf } from "../../errors.ts";
import { fileAnswer, pdfAnswer } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";
import type { CartOwnerOf } from "../cart/routes.ts";
import { orderUuidParams } from "../orders/schemas.ts";
import { staffActorOf } from "../staff/routes.ts";
import { returnLabel } from "./documents.ts";
import type { ReturnOpsService } from "./ops-service.ts";
import {
  accessQuery,
  claimCreateBody,
  claimCreateErrors,
  claimDecideErrors,
  claimDecisionBody,
  claimPhotoParams,
  claimSchema,
  claimUuidParams,
  claimViewErrors,
  opsClaimListQuery,
  opsClaimListSchema,
  opsClaimPhotoErrors,
  opsClaimSchema,
  opsClaimViewErrors,
  opsListErrors,
  opsReturnListQuery,
  opsReturnListSchema,
  opsReturnSchema,
  opsReturnViewErrors,
  receiveBody,
  receiveErrors,
  returnCancelErrors,
  returnCreateBody,
  returnCreateErrors,
  returnDecideErrors,
  returnDecisionBody,
  returnOverviewErrors,
  returnOverviewSchema,
  returnSchema,
  returnUuidParams,
  returnViewErrors,
} from "./schemas.ts";
import type { ReturnService } from "./service.ts";

const tags = ["returns"];
const ops = { tags: ["operations"] };
const PROVIDER_502 = "the payment provider did not answer or refused the refund: nothing was refunded, counted or decided";
const pdf = (reply: FastifyReply, fileName: string, body: Buffer) =>
  reply.type("application/pdf").header("content-disposition", `inline; filename="${fileName}"`).header("cache-control", "private, no-store").send(body);

/** Returns and warranty claims: the customer's (their order, a guest's browser, or the mail's key) and staff's. */
export function registerReturnRoutes(app: ApiInstance, services: { returns: ReturnService; ops: ReturnOpsService }, deps: { ownerOf: CartOwnerOf }): void {
  const { returns, ops: staff } = services;
  const { ownerOf } = deps;

  app.get(
    "/orders/:orderUuid/returns",
    {
      schema: {
        operationId: "api_return_list",
        tags,
        summary: "An order's returns and warranty claims, and what may be returned or claimed now (with the periods' ends)",
        params: orderUuidParams,
        querystring: accessQuery,
        response: { 200: returnOverviewSchema, ...errorResponsesOf(returnOverviewErrors) },
      },
    },
    async (request) => returns.overview(await ownerOf(request), request.params.orderUuid, request.query.key),
  );
  app.post(
    "/orders/:orderUuid/returns",
    {
      schema: {
        operationId: "api_return_create",
        tags,
        summary: "Returns items of a delivered order: within 14 days as the statutory withdrawal, later within the shop's return period; the label and instructions come by mail",
        params: orderUuidParams,
        querystring: accessQuery,
        body: returnCreateBody,
        response: {
          201: returnSchema,
          ...errorResponsesOf(returnCreateErrors, { 409: "RETURN_PERIOD_ENDED after the return period; RETURN_EXISTS when an item is in a return or claim already; ORDER_NOT_DELIVERED before delivery" }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await returns.create(await ownerOf(request), request.params.orderUuid, request.body, request.query.key)),
  );
  app.get(
    "/returns/:returnUuid",
    { schema: { operationId: "api_return_view", tags, summary: "One return, to whoever may see its order", params: returnUuidParams, querystring: accessQuery, response: { 200: returnSchema, ...errorResponsesOf(returnViewErrors) } } },
    async (request) => returns.view(await ownerOf(request), request.params.returnUuid, request.query.key),
  );
  app.post(
    "/returns/:returnUuid/cancel",
    {
      schema: {
        operationId: "api_return_cancel",
        tags,
        summary: "Withdraws a return request before its parcel arrives; its items may be returned again",
        params: returnUuidParams,
        querystring: accessQuery,
        response: { 200: returnSchema, ...errorResponsesOf(returnCancelErrors) },
      },
    },
    async (request) => returns.cancel(await ownerOf(request), request.params.returnUuid, request.query.key),
  );
  app.get(
    "/returns/:returnUuid/label",
    {
      schema: {
        operationId: "api_return_label",
        tags,
        summary: "The return label (A4 PDF in the customer's language): the label with its barcode, and the packing slip",
        params: returnUuidParams,
        querystring: accessQuery,
        response: { 200: pdfAnswer("The return label as PDF"), ...errorResponsesOf(returnViewErrors) },
      },
    },
    async (request, reply) => {
      const { row, order, items } = await returns.labelData(await ownerOf(request), request.params.returnUuid, request.query.key);
      const label = await returnLabel(order, { number: row.number, kind: row.kind, createdAt: row.createdAt, sendBy: row.sendBy }, items);
      return pdf(reply, label.fileName, label.body);
    },
  );
  app.post(
    "/orders/:orderUuid/warranty-claims",
    {
      schema: {
        operationId: "api_warranty_claim_create",
        tags,
        summary: "Reports a defect of an item under warranty (12 months from delivery by default), with the remedy the customer wishes; the shop decides",
        params: orderUuidParams,
        querystring: accessQuery,
        body: claimCreateBody,
        response: { 201: claimSchema, ...errorResponsesOf(claimCreateErrors, { 409: "WARRANTY_ENDED after the warranty; CLAIM_EXISTS while a claim for the item is open; RETURN_EXISTS while it is being returned" }) },
      },
    },
    async (request, reply) => reply.code(201).send(await returns.createClaim(await ownerOf(request), request.params.orderUuid, request.body, request.query.key)),
  );
  app.get(
    "/warranty-claims/:claimUuid",
    { schema: { operationId: "api_warranty_claim_view", tags, summary: "One warranty claim, to whoever may see its order", params: claimUuidParams, querystring: accessQuery, response: { 200: claimSchema, ...errorResponsesOf(claimViewErrors) } } },
    async (request) => returns.viewClaim(await ownerOf(request), request.params.claimUuid, request.query.key),
  );
  app.get(
    "/warranty-claims/:claimUuid/label",
    {
      schema: {
        operationId: "api_warranty_claim_label",
        tags,
        summary: "The label to send the faulty device in with (A4 PDF)",
        params: claimUuidParams,
        querystring: accessQuery,
        response: { 200: pdfAnswer("The label as PDF"), ...errorResponsesOf(claimViewErrors) },
      },
    },
    async (request, reply) => {
      const { row, order } = await returns.visibleClaim(await ownerOf(request), request.params.claimUuid, request.query.key);
      const items = await returns.itemsOf([row.orderItemUuid]);
      const label = await returnLabel(order, { number: row.number, kind: "warranty", createdAt: row.createdAt, sendBy: null }, items);
      return pdf(reply, label.fileName, label.body);
    },
  );

  // Staff (the staff guard has run for /ops: staffActorOf is the member).
  app.get(
    "/ops/returns",
    { schema: { operationId: "api_ops_return_list", ...ops, summary: "Returns, newest first; with a status, that queue oldest first", querystring: opsReturnListQuery, response: { 200: opsReturnListSchema, ...errorResponsesOf(opsListErrors) } } },
    async (request) => staff.listReturns(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/returns/:returnUuid",
    { schema: { operationId: "api_ops_return_view", ...ops, summary: "One return with its items, their units and what is left to refund", params: returnUuidParams, response: { 200: opsReturnSchema, ...errorResponsesOf(opsReturnViewErrors) } } },
    async (request) => staff.viewReturn(staffActorOf(request), request.params.returnUuid),
  );
  app.post(
    "/ops/returns/receive",
    {
      schema: {
        operationId: "api_ops_return_receive",
        ...ops,
        summary: "Receiving: the scanned return label and each device's IMEI or serial; a device other than the one shipped is flagged",
        body: receiveBody,
        response: { 200: opsReturnSchema, ...errorResponsesOf(receiveErrors) },
      },
    },
    async (request) => staff.receive(staffActorOf(request), request.body),
  );
  app.post(
    "/ops/returns/:returnUuid/decision",
    {
      schema: {
        operationId: "api_ops_return_decide",
        ...ops,
        summary: "Decides a received return: full refund, partial refund with a reason, or refusal with a reason; the units go to stock (regraded), repair or scrap. Decided once: a second decision is refused",
        params: returnUuidParams,
        body: returnDecisionBody,
        response: { 200: opsReturnSchema, ...errorResponsesOf(returnDecideErrors, { 502: PROVIDER_502 }) },
      },
    },
    async (request) => staff.decide(staffActorOf(request), request.params.returnUuid, request.body),
  );
  app.get(
    "/ops/warranty-claims",
    { schema: { operationId: "api_ops_claim_list", ...ops, summary: "Warranty claims, newest first; with a status, that queue oldest first", querystring: opsClaimListQuery, response: { 200: opsClaimListSchema, ...errorResponsesOf(opsListErrors) } } },
    async (request) => staff.listClaims(staffActorOf(request), request.query),
  );
  app.get(
    "/ops/warranty-claims/:claimUuid",
    { schema: { operationId: "api_ops_claim_view", ...ops, summary: "One warranty claim with its item, unit and photos", params: claimUuidParams, response: { 200: opsClaimSchema, ...errorResponsesOf(opsClaimViewErrors) } } },
    async (request) => staff.viewClaim(staffActorOf(request), request.params.claimUuid),
  );
  app.get(
    "/ops/warranty-claims/:claimUuid/photos/:photoUuid",
    {
      schema: {
        operationId: "api_ops_claim_photo_view",
        ...ops,
        summary: "A photo the customer sent with the claim (WebP)",
        params: claimPhotoParams,
        response: { 200: fileAnswer("The photo", "image/webp"), ...errorResponsesOf(opsClaimPhotoErrors) },
      },
    },
    async (request, reply) => {
      const photo = await staff.claimPhoto(staffActorOf(request), request.params.claimUuid, request.params.photoUuid);
      return reply.type(photo.contentType).header("cache-control", "private, max-age=86400, immutable").send(Buffer.from(photo.bytes));
    },
  );
  app.post(
    "/ops/warranty-claims/:claimUuid/decision",
    {
      schema: {
        operationId: "api_ops_claim_decide",
        ...ops,
        summary: "Decides a warranty claim: repair (later 'repaired' with the parcel back), replacement (a unit of the same product, as good or better, shipped through fulfilment), refund, or refusal with a reason",
        params: claimUuidParams,
        body: claimDecisionBody,
        response: { 200: opsClaimSchema, ...errorResponsesOf(claimDecideErrors, { 502: PROVIDER_502 }) },
      },
    },
    async (request) => staff.decideClaim(staffActorOf(request), request.params.claimUuid, request.body),
  );
}
