import { totalPages } from "../../../domain/catalogue/listing.ts";
import { checkAnswers, QUESTIONS, QUESTIONS_OF, questionSetOf, type GradingAnswers } from "../../../domain/selling/grading.ts";
import { computeOffer, purchasePriceOf } from "../../../domain/selling/offers.ts";
import { AppError } from "../../errors.ts";
import type { ProductForOffer, OfferRepository } from "./offer-repository.ts";
import type { TradeInOffer, TradeInQuestions, TradeInSearchQuery, TradeInSearchView } from "./offer-schemas.ts";

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

export function createOfferService(repo: OfferRepository, deps: { clock: () => Date }) {
  /** The product as the sell side may buy it: 404 when unknown, 400 when the shop does not buy it now. */
  async function sellableProduct(id: number): Promise<ProductForOffer> {
    const product = await repo.productForOffer(id);
    if (!product) throw AppError.notFound("PRODUCT_DOESNT_EXIST", "There is no product with this id.", "id");
    if (!product.allowedPurchase || product.purchaseStop) throw AppError.badRequest("PRODUCT_NOT_PURCHASABLE", `We are not buying ${product.name} at the moment.`, "id");
    return product;
  }
  // The best grade is paid the most (staff's prices are kept in order), so it is what a seller can get at most.
  const productView = (p: ProductForOffer) => ({ id: p.id, name: p.name, slug: p.slug, imageUrl: p.imageUrl, maxPayout: purchasePriceOf({ set: questionSetOf(p), pricePurchase: p.pricePurchase, gradePrices: p.gradePrices }, "A0") });

  /** The offer for a product as answered; refused offers are answers too, with the reason. Bad answers are 400. */
  async function offerFor(productId: number, answers: GradingAnswers) {
    const product = await sellableProduct(productId);
    const set = questionSetOf(product);
    const [problem] = checkAnswers(set, answers);
    if (problem) {
      const message = problem.problem === "unexpected" ? `${problem.question} is not asked for this product.` : `Answer ${problem.question} with one of: ${QUESTIONS[problem.question].join(", ")}.`;
      throw AppError.badRequest("GRADING_ANSWERS_INVALID", message, `answers.${problem.question}`);
    }
    return { product, set, offer: computeOffer({ set, pricePurchase: product.pricePurchase, gradePrices: product.gradePrices, answers, now: deps.clock() }) };
  }

  return {
    offerFor,

    /** What can be sold here, and for up to how much. */
    async search({ query, categoryId, page, pageSize }: TradeInSearchQuery): Promise<TradeInSearchView> {
      const { rows, images, total } = await repo.search({ text: query, categoryId }, (page - 1) * pageSize, pageSize);
      return {
        items: rows.map((r) => ({ ...r, imageUrl: images.get(r.id) ?? null })),
        query: query ?? null,
        page,
        pageSize,
        total,
        totalPages: totalPages(total, pageSize),
      };
    },

    /** The condition questions for a product, in the order they are asked. */
    async questions(productId: number): Promise<TradeInQuestions> {
      const product = await sellableProduct(productId);
      const set = questionSetOf(product);
      return { product: productView(product), questionSet: set, questions: QUESTIONS_OF[set].map((id) => ({ id, options: [...QUESTIONS[id]] })) };
    },

    async offer(productId: number, answers: GradingAnswers): Promise<TradeInOffer> {
      const { product, set, offer } = await offerFor(productId, answers);
      const common = { product: productView(product), questionSet: set };
      if (!offer.ok) return { ...common, accepted: false, refusal: offer.refusal, grade: offer.grade, price: null, breakdown: [], validUntil: null };
      return {
        ...common,
        accepted: true,
        refusal: null,
        grade: offer.grade,
        price: EUR(offer.price),
        breakdown: offer.breakdown.map((line) => ({ kind: line.kind, amount: EUR(line.amount) })),
        validUntil: offer.validUntil.toISOString(),
      };
    },
  };
}
export type OfferService = ReturnType<typeof createOfferService>;
