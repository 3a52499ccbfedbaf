import { useEffect, useRef } from "react";
import { uuidOrNull } from "../../domain/uuid.ts";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/trade-in";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { SellCartAddError } from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Price } from "../components/price.tsx";
import { parseProductRef } from "../../domain/routing/paths.ts";
import { sellHomeHref } from "../../domain/routing/sell-paths.ts";
import { COSMETIC_OPTIONS } from "../../domain/selling/grading.ts";
import { OfferCard } from "../features/trade-in/offer-card.tsx";
import { SellSteps } from "../features/trade-in/sell-steps.tsx";
import { storefront } from "../load-context.ts";

await loadPageMessages();


export async function loader({ params, url, context }: Route.LoaderArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  const editId = uuidOrNull(url.searchParams.get("editId"));
  const searchUuid = uuidOrNull(url.searchParams.get("searchUuid"));
  let questions;
  try {
    questions = await storefront(context).api.tradeInQuestions(ref.id);
  } catch (error) {
    // A product the shop does not buy now gets its own page rather than a 404: the seller learns why.
    if (isApiError(error, 400)) return { kind: "not-bought" as const };
    pageNotFoundOn(error);
  }
  // Editing starts from the answers in the cart; answers in the URL (the form just sent) win.
  const stored = editId ? await storefront(context).api.sellCartAnswers(editId).catch(() => null) : null;
  const answers: Record<string, string> = {};
  for (const { id, options } of questions.questions) {
    const value = url.searchParams.get(id) ?? stored?.answers[id];
    if (value && options.includes(value)) answers[id] = value;
  }
  const complete = questions.questions.every((q) => answers[q.id] !== undefined);
  const offer = complete ? await storefront(context).api.tradeInOffer(ref.id, answers) : null;
  return { kind: "questions" as const, questions, answers, offer, editId: stored ? editId : null, searchUuid, asked: url.searchParams.has("asked") };
}

const PROBLEMS: Partial<Record<SellCartAddError, string>> = {
  "TRADE_IN::OFFER_CHANGED": "sell.tradeIn.errors.offerChanged",
  CART_ITEM_NOT_FOUND: "sell.tradeIn.errors.itemGone",
  SELL_CART_FULL: "sell.tradeIn.errors.cartFull",
};

/** Puts the offer into the sell cart (or changes the item being edited) and goes to the sell cart. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  const form = await readForm(request);
  let answers: Record<string, string>;
  try {
    answers = JSON.parse(String(form.get("answers") ?? "{}")) as Record<string, string>;
  } catch {
    throw data("The answers could not be read.", { status: 400 });
  }
  const editId = String(form.get("editId") ?? "") || null;
  const searchUuid = String(form.get("searchUuid") ?? "") || null;
  try {
    const { setCookies } = await storefront(context).api.sellCartAdd(ref.id, { price: Number(form.get("price")), customerGradingDto: { answers }, editId, searchUuid });
    return redirectWithFlash("/checkout/cart/sell", setCookies, { success: [editId ? "sell.tradeIn.flash.updated" : "blue.user.flash.cart.tradeInAddedSuccessfullyToast.message"] });
  } catch (error) {
    if (!isApiError<SellCartAddError>(error) || error.status >= 500) throw error;
    return data({ problem: byCode(PROBLEMS, error.code) ?? "greenCart.flash.productAddedFailed", message: error.message }, { status: error.status });
  }
}

/** The condition questions, the offer they give, and the button that puts it in the sell cart. */
export default function TradeIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Parameters<typeof sellHomeHref>[0];
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const offerRef = useRef<HTMLDivElement>(null);
  const offer = loaderData.kind === "questions" ? loaderData.offer : null;

  // Once every question is answered the offer appears: bring it into view for whoever just answered the last one.
  useEffect(() => {
    if (offer && loaderData.kind === "questions" && loaderData.asked) offerRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [offer, loaderData]);

  if (loaderData.kind === "not-bought") {
    return (
      <section className="mx-auto max-w-xl rounded-3xl border border-line p-8 text-center">
        <title>{t("sell.tradeIn.notBought.title")}</title>
        <h1 className="text-2xl font-extrabold">{t("sell.tradeIn.notBought.title")}</h1>
        <p className="mt-2 text-muted">{t("sell.tradeIn.notBought.text")}</p>
        <Link to={sellHomeHref(locale)} className="mt-6 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white">
          {t("sell.tradeIn.notBought.back")}
        </Link>
      </section>
    );
  }
  const { questions, answers, editId, searchUuid } = loaderData;
  const { product } = questions;
  const busy = navigation.state !== "idle";
  // With JavaScript the offer follows the answers at once; without it, the button asks for it.
  const onChange = () => {
    const form = formRef.current;
    if (!form) return;
    const all = questions.questions.every((q) => new FormData(form).get(q.id) !== null);
    if (all) submit(form, { method: "get", replace: true, preventScrollReset: true });
  };
  const answered = questions.questions.filter((q) => answers[q.id]).length;
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t("sell.tradeIn.title", { name: product.name })}</title>
      <meta name="robots" content="noindex" />
      <SellSteps current="questions" />
      <header className="flex items-center gap-4">
        {product.imageUrl && <img src={product.imageUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-2xl bg-canvas object-contain" />}
        <div>
          <h1 className="text-2xl font-extrabold">{t("sell.tradeIn.heading", { name: product.name })}</h1>
          <p className="text-muted">
            {t("sell.search.upTo")} <Price cents={product.maxPayout} className="font-bold text-[var(--accent)]" />
          </p>
        </div>
      </header>

      <Form ref={formRef} method="get" onChange={onChange} className="mt-6 space-y-4" aria-describedby="trade-in-progress">
        <p id="trade-in-progress" className="text-sm text-muted">
          {t("sell.tradeIn.progress", { answered, total: questions.questions.length })}
        </p>
        {editId && <input type="hidden" name="editId" value={editId} />}
        {searchUuid && <input type="hidden" name="searchUuid" value={searchUuid} />}
        <input type="hidden" name="asked" value="1" />
        {questions.questions.map((question) => (
          <fieldset key={question.id} className="rounded-2xl border border-line p-4">
            <legend className="px-1 font-semibold">{t(`sell.questions.${question.id}.label`)}</legend>
            <p className="text-sm text-muted">{t(`sell.questions.${question.id}.hint`)}</p>
            <div className={`mt-3 grid gap-2 ${question.options.length > 2 ? "sm:grid-cols-2" : "grid-cols-2"}`}>
              {question.options.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-start gap-2 rounded-xl border border-line p-3 has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent-soft,#ecfdf5)]"
                >
                  <input type="radio" name={question.id} value={option} defaultChecked={answers[question.id] === option} required className="mt-1 accent-[var(--accent)]" />
                  <span>
                    <span className="block font-medium">{t(`sell.questions.${question.id}.options.${option}`)}</span>
                    {(COSMETIC_OPTIONS as readonly string[]).includes(option) && option !== "broken" && (
                      <span className="block text-xs text-muted">{t(`sell.questions.cosmeticHints.${option}`)}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <noscript>
          <button type="submit" className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white">
            {t("sell.tradeIn.showOffer")}
          </button>
        </noscript>
      </Form>

      <div ref={offerRef} className="mt-6 scroll-mt-24" aria-live="polite" aria-busy={busy}>
        {offer ? (
          <OfferCard offer={offer}>
            {offer.accepted && offer.price && (
              <Form method="post" className="mt-4">
                <input type="hidden" name="answers" value={JSON.stringify(answers)} />
                <input type="hidden" name="price" value={offer.price.amount} />
                {editId && <input type="hidden" name="editId" value={editId} />}
                {searchUuid && <input type="hidden" name="searchUuid" value={searchUuid} />}
                <button type="submit" disabled={busy} data-primary-action className="w-full rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white disabled:opacity-60">
                  {editId ? t("sell.tradeIn.saveChanges") : t("sell.tradeIn.addToCart")}
                </button>
              </Form>
            )}
          </OfferCard>
        ) : (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">{t("sell.tradeIn.answerAll")}</p>
        )}
        {actionData?.problem && (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
            {t(actionData.problem, { name: product.name })}
          </p>
        )}
      </div>
    </div>
  );
}
