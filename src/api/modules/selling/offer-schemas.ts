import { z } from "zod";
import { QUESTION_SETS, QUESTIONS, SELL_GRADES } from "../../../domain/selling/grading.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idParam, moneySchema, pagedAnswerFields, pageParam, textParam, type QueryParams } from "../../schemas.ts";

/** Devices a search page shows at most, and by default. */
const TRADE_IN_PAGE_SIZE = 24;

export const tradeInSearchQuery = z.object({
  query: textParam("Query").optional(),
  categoryId: idParam("Category id").optional().describe("Only devices in this category or below it"),
  page: pageParam(1000),
  pageSize: z.coerce.number().int().min(1).max(TRADE_IN_PAGE_SIZE).default(TRADE_IN_PAGE_SIZE),
});
export type TradeInSearchQuery = z.infer<typeof tradeInSearchQuery>;
export type TradeInSearchParams = QueryParams<typeof tradeInSearchQuery>;
export const tradeInSearchErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type TradeInSearchError = OperationError<typeof tradeInSearchErrors>;

const tradeInItem = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  imageUrl: z.string().nullable(),
  maxPayout: z.number().int().describe("What the shop pays for the device in the best condition, in cents (EUR)"),
});
export const tradeInSearchSchema = z.object({
  items: z.array(tradeInItem),
  query: z.string().nullable(),
  ...pagedAnswerFields,
});
export type TradeInSearchView = z.infer<typeof tradeInSearchSchema>;

export const productParams = z.object({ id: idParam("Product id") });

const sellProduct = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), imageUrl: z.string().nullable(), maxPayout: z.number().int() });
export const questionsSchema = z.object({
  product: sellProduct,
  questionSet: z.enum(QUESTION_SETS),
  questions: z.array(z.object({ id: z.string(), options: z.array(z.string()) })).describe("Asked in this order; every one must be answered"),
});
export type TradeInQuestions = z.infer<typeof questionsSchema>;

const answerShape = Object.fromEntries(Object.entries(QUESTIONS).map(([id, options]) => [id, z.enum(options as unknown as [string, ...string[]]).optional()]));
/** The seller's answers; which questions a product needs is checked against its category. */
export const gradingAnswers = z.strictObject(answerShape, { error: "answers must hold one option per question" });
export const offerBody = z.object({ answers: gradingAnswers }, { error: "Send a JSON body with answers" });
export type TradeInOfferBody = z.input<typeof offerBody>;

/** The product as the sell side may buy it: unknown, not bought now. */
export const tradeInQuestionsErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PRODUCT_NOT_PURCHASABLE"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type TradeInQuestionsError = OperationError<typeof tradeInQuestionsErrors>;
/** Besides the product's: answers that do not fit its questions (reference: answers.<question>). A refused offer is an answer, not an error. */
export const tradeInOfferErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PRODUCT_NOT_PURCHASABLE", "GRADING_ANSWERS_INVALID"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type TradeInOfferError = OperationError<typeof tradeInOfferErrors>;

export const offerSchema = z.object({
  product: sellProduct,
  questionSet: z.enum(QUESTION_SETS),
  accepted: z.boolean().describe("false: the shop cannot buy the item as described; refusal says why"),
  refusal: z.enum(["ACTIVATION_LOCK", "MEDIA_INCOMPLETE", "MEDIA_POOR", "BELOW_MINIMUM"]).nullable(),
  grade: z.enum(SELL_GRADES).nullable(),
  price: moneySchema.nullable(),
  breakdown: z.array(z.object({ kind: z.enum(["base", "battery", "accessories"]), amount: moneySchema })),
  validUntil: z.string().nullable().describe("Until when the offer holds if the item goes into the sell cart now"),
});
export type TradeInOffer = z.infer<typeof offerSchema>;
