import { deliveryNoteTexts } from "../../../documents/delivery-note.ts";
import { invoiceTexts } from "../../../documents/invoice-texts.ts";
import { ORDER_SHIPPING_LABEL_TEXTS } from "../../../documents/order-shipping-label.ts";
import { returnLabelTexts } from "../../../documents/return-label-texts.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { compose, heading, items, lines, link, paragraph, rows, type Block, type ComposedMail, type MailRow } from "../../../mail/compose.ts";
import { dateText, greeting, signOff } from "../../../mail/texts.ts";
import { RETURN_MAIL_TEXTS, type ClaimDecision, type ClaimRemedy, type ReturnDecision, type ReturnMailTexts } from "./return-mail-texts.ts";

export type { ComposedMail } from "../../../mail/compose.ts";
export type { ClaimDecision, ClaimRemedy, ReturnDecision } from "./return-mail-texts.ts";

/** Who the mail goes to and which order it is about. */
export interface ReturnMailContext {
  locale: Locale;
  firstName: string;
  orderNumber: string;
  /** The order in the customer's account; null for guests, who have none. */
  orderUrl: string | null;
}

export interface CreatedReturn {
  number: string;
  kind: "withdrawal" | "voluntary";
  items: { name: string; grade: Grade }[];
  /** The last day to hand the parcel to the carrier. */
  sendBy: Date;
}

export interface DecidedReturn {
  number: string;
  decision: ReturnDecision;
  /** What goes back to the customer; null when no money does (refused), or when the amount is not to be named. */
  refundCents: number | null;
  /** Staff's reason for a deduction or a refusal, as typed. */
  reason: string | null;
  /** Orders paid in advance are refunded by bank transfer. */
  byTransfer: boolean;
}

export interface CreatedClaim {
  number: string;
  itemName: string;
  /** What the customer asked for. */
  remedy: ClaimRemedy;
}

export interface DecidedClaim {
  number: string;
  itemName: string;
  decision: ClaimDecision;
  refundCents: number | null;
  /** Staff's finding, or why the claim is refused. */
  reason: string | null;
  byTransfer: boolean;
}

export interface RepairedClaim {
  number: string;
  itemName: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** A return was registered: its label is attached; how to pack, the last day to send, and that the refund follows the check. */
export function returnCreatedMail(ctx: ReturnMailContext, ret: CreatedReturn): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  const inv = invoiceTexts(ctx.locale);
  return compose(ctx.locale, t.returnCreated.subject(ret.number), [
    greeting(ctx.locale, ctx.firstName),
    paragraph(t.returnCreated.intro[ret.kind](ctx.orderNumber)),
    items(ret.items.map((item) => ({ name: item.name, details: [`${inv.condition}${inv.colon}${inv.grades[item.grade]}`], amounts: [] }))),
    rows(numberRows(ctx, t.returnNumber, ret.number)),
    paragraph(t.returnCreated.labelAttached),
    ...packing(ctx.locale, "return"),
    paragraph(t.returnCreated.sendBy(dateText(ret.sendBy, ctx.locale))),
    paragraph(t.returnCreated.refund),
    ...accountLink(ctx, t),
    signOff(ctx.locale),
  ]);
}

/** The return's parcel has arrived; its items are being checked. */
export function returnReceivedMail(ctx: ReturnMailContext, ret: { number: string }): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  return compose(ctx.locale, t.returnReceived.subject(ret.number), [
    greeting(ctx.locale, ctx.firstName),
    paragraph(t.returnReceived.intro(ret.number, ctx.orderNumber)),
    paragraph(t.returnReceived.inspection),
    ...accountLink(ctx, t),
    signOff(ctx.locale),
  ]);
}

/** The return's items are checked: refunded in full, in part (how much and why), or refused (why, and they go back). */
export function returnDecidedMail(ctx: ReturnMailContext, ret: DecidedReturn): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  const d = t.returnDecided;
  const amount = ret.refundCents === null ? null : formatMoney(ret.refundCents, ctx.locale);
  const body: Block[] =
    ret.decision === "full_refund"
      ? [paragraph(d.full(ret.number, amount)), paragraph(ret.byTransfer ? t.way.transfer : t.way.provider)]
      : ret.decision === "partial_refund"
        ? [paragraph(d.partial(ret.number, amount)), ...reason(d.partialReason, ret.reason), paragraph(ret.byTransfer ? t.way.transfer : t.way.provider), paragraph(t.disagree)]
        : [paragraph(d.refused(ret.number)), ...reason(d.refusedReason, ret.reason), paragraph(d.sentBack), paragraph(t.disagree)];
  return compose(ctx.locale, d.subject[ret.decision](ret.number), [greeting(ctx.locale, ctx.firstName), ...body, ...accountLink(ctx, t), signOff(ctx.locale)]);
}

/** A warranty claim was registered: its label is attached; send the device, the shop decides what to do. */
export function claimCreatedMail(ctx: ReturnMailContext, claim: CreatedClaim): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  const c = t.claimCreated;
  return compose(ctx.locale, c.subject(claim.number), [
    greeting(ctx.locale, ctx.firstName),
    paragraph(c.intro(ctx.orderNumber)),
    rows([...claimRows(ctx, t, claim), { label: c.remedy, value: c.remedies[claim.remedy] }]),
    paragraph(c.labelAttached),
    ...packing(ctx.locale, "warranty"),
    paragraph(c.send),
    paragraph(c.decide),
    ...accountLink(ctx, t),
    signOff(ctx.locale),
  ]);
}

/** The device is examined: repaired, replaced, refunded (how much), or the claim refused (why, and the device goes back). */
export function claimDecidedMail(ctx: ReturnMailContext, claim: DecidedClaim): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  const d = t.claimDecided;
  const way = paragraph(claim.byTransfer ? t.way.transfer : t.way.provider);
  const facts = rows(claimRows(ctx, t, claim));
  const body: Block[] =
    claim.decision === "refused"
      ? [paragraph(d.refused), facts, ...reason(d.refusedReason, claim.reason), paragraph(d.sentBack), paragraph(t.disagree)]
      : [
          paragraph(claim.decision === "refund" ? d.refund(claim.refundCents === null ? null : formatMoney(claim.refundCents, ctx.locale)) : d[claim.decision]),
          facts,
          ...reason(d.finding, claim.reason),
          ...(claim.decision === "refund" ? [way] : []),
          paragraph(t.help),
        ];
  return compose(ctx.locale, d.subject[claim.decision](claim.number), [
    greeting(ctx.locale, ctx.firstName),
    ...body,
    ...accountLink(ctx, t),
    signOff(ctx.locale),
  ]);
}

/** The repaired device is on its way back: the carrier, the tracking number and, when there is one, the tracking page. */
export function claimRepairedMail(ctx: ReturnMailContext, claim: RepairedClaim): ComposedMail {
  const t = RETURN_MAIL_TEXTS[ctx.locale];
  const parcel: MailRow[] = [
    ...claimRows(ctx, t, claim),
    { label: deliveryNoteTexts(ctx.locale).carrier, value: claim.carrierName },
    { label: ORDER_SHIPPING_LABEL_TEXTS[ctx.locale].trackingNumber, value: claim.trackingNumber, strong: true },
  ];
  return compose(ctx.locale, t.claimRepaired.subject(claim.number), [
    greeting(ctx.locale, ctx.firstName),
    paragraph(t.claimRepaired.intro(claim.carrierName)),
    rows(parcel),
    ...(claim.trackingUrl ? [paragraph(t.claimRepaired.track), link(claim.trackingUrl)] : []),
    paragraph(t.help),
    ...accountLink(ctx, t),
    signOff(ctx.locale),
  ]);
}

function numberRows(ctx: ReturnMailContext, label: string, number: string): MailRow[] {
  return [
    { label, value: number, strong: true },
    { label: invoiceTexts(ctx.locale).orderNumber, value: ctx.orderNumber },
  ];
}

function claimRows(ctx: ReturnMailContext, t: ReturnMailTexts, claim: { number: string; itemName: string }): MailRow[] {
  return [...numberRows(ctx, t.claimNumber, claim.number), { label: t.device, value: claim.itemName }];
}

/** The return label's packing steps, numbered; a device under warranty comes without its accessories. */
function packing(locale: Locale, what: "return" | "warranty"): Block[] {
  const { howToPack, steps } = returnLabelTexts(locale);
  const list = [steps.wipe, steps.cards, what === "warranty" ? steps.accessoriesWarranty : steps.accessoriesReturn, steps.padding];
  return [heading(howToPack), lines(list.map((step, index) => `${index + 1}. ${step}`))];
}

/** Staff's words after their label, when there are any. */
function reason(label: string, text: string | null): Block[] {
  const trimmed = text?.trim();
  return trimmed ? [paragraph(`${label} ${trimmed}`)] : [];
}

function accountLink(ctx: ReturnMailContext, t: ReturnMailTexts): Block[] {
  return ctx.orderUrl ? [paragraph(t.accountLink), link(ctx.orderUrl)] : [];
}
