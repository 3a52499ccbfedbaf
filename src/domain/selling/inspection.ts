/**
 * The inspection of a sold device or medium when it arrives: a checklist staff fill in without
 * seeing the seller's answers, so what they find is not what they were told to look for. The
 * checklist is translated into the seller's questions, and the same offer rule (computeOffer)
 * prices it: the seller and the inspection can only disagree about the condition, never about
 * the arithmetic.
 */
import { isValidImei, isValidSerial, normalizeImei, normalizeSerial } from "./device-identifiers.ts";
import { COSMETIC_OPTIONS, MEDIA_CONDITIONS, QUESTIONS, QUESTIONS_OF, SELL_GRADES, type GradingAnswers, type QuestionId, type QuestionSet, type Refusal, type SellGrade } from "./grading.ts";
import { computeOffer, type Offer, type OfferLine, type PurchasePricing } from "./offers.ts";

const YES_NO = ["yes", "no"] as const;
const WORKS_FAULTY = ["works", "faulty"] as const;
/** How the seller's data was removed: kept as proof for the seller, not priced (wiping is the shop's job, whatever the grade). */
export const DATA_WIPE_OPTIONS = ["factory-reset", "certified-erasure", "not-possible"] as const;

/**
 * Each check and what may be entered: a list of options, or, for what is measured or read off
 * the device rather than chosen, the kind of value ("percent": an integer 0–100; "imei", "serial":
 * the identifier as text).
 */
export const INSPECTION_CHECKS = {
  powersOn: YES_NO,
  display: COSMETIC_OPTIONS,
  touch: WORKS_FAULTY,
  keyboard: WORKS_FAULTY,
  cameras: WORKS_FAULTY,
  buttons: WORKS_FAULTY,
  ports: WORKS_FAULTY,
  speakersMicrophone: WORKS_FAULTY,
  batteryHealthPercent: "percent",
  housing: COSMETIC_OPTIONS,
  waterDamage: YES_NO,
  activationLockOff: YES_NO,
  imei: "imei",
  serial: "serial",
  dataWipe: DATA_WIPE_OPTIONS,
  accessoriesComplete: YES_NO,
  discMatchesCover: YES_NO,
  mediaComplete: YES_NO,
  mediaCondition: MEDIA_CONDITIONS,
} as const satisfies Record<string, readonly string[] | "percent" | "imei" | "serial">;
export type CheckId = keyof typeof INSPECTION_CHECKS;

type CheckValue<Spec> = Spec extends readonly (infer Option)[] ? Option : Spec extends "percent" ? number : string;
/** A checklist as filled in so far; checkChecklist tells whether it is complete. */
export type InspectionChecklist = Partial<{ [K in CheckId]: CheckValue<(typeof INSPECTION_CHECKS)[K]> }>;

/** The functional checks: the device fully works only when every one of them does. */
const FUNCTION_CHECKS = ["touch", "keyboard", "cameras", "buttons", "ports", "speakersMicrophone"] as const satisfies readonly CheckId[];

const HANDHELD: CheckId[] = [
  "powersOn",
  "display",
  "touch",
  "cameras",
  "buttons",
  "ports",
  "speakersMicrophone",
  "batteryHealthPercent",
  "housing",
  "waterDamage",
  "activationLockOff",
  "imei",
  "dataWipe",
  "accessoriesComplete",
];
const LAPTOP: CheckId[] = HANDHELD.map((check) => (check === "touch" ? "keyboard" : check === "imei" ? "serial" : check));

/** The checks of each set, in the order staff work through them. */
export const INSPECTION_CHECKLIST_OF: Record<QuestionSet, readonly CheckId[]> = {
  phone: HANDHELD,
  tablet: HANDHELD,
  watch: HANDHELD,
  laptop: LAPTOP,
  device: ["powersOn", "buttons", "ports", "housing", "waterDamage", "serial", "accessoriesComplete"],
  media: ["discMatchesCover", "mediaComplete", "mediaCondition"],
};

export type ChecklistProblem = { check: CheckId; problem: "missing" | "invalid" | "unexpected" };

function validValue(check: CheckId, value: unknown): boolean {
  const spec: readonly string[] | "percent" | "imei" | "serial" = INSPECTION_CHECKS[check];
  if (spec === "percent") return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 100;
  if (spec === "imei") return typeof value === "string" && isValidImei(normalizeImei(value));
  if (spec === "serial") return typeof value === "string" && isValidSerial(normalizeSerial(value));
  return (spec as readonly unknown[]).includes(value);
}

/**
 * Every check of the set filled in with an allowed value, and nothing else. An IMEI may be entered
 * with spaces or dashes and a serial in lower case, as they are read off the device;
 * deviceIdentifierOf gives them in their stored spelling.
 */
export function checkChecklist(set: QuestionSet, input: Record<string, unknown>): ChecklistProblem[] {
  const checks = INSPECTION_CHECKLIST_OF[set];
  const problems: ChecklistProblem[] = [];
  for (const check of checks) {
    const value = input[check];
    if (value === undefined || value === null || value === "") problems.push({ check, problem: "missing" });
    else if (!validValue(check, value)) problems.push({ check, problem: "invalid" });
  }
  for (const key of Object.keys(input)) if (!(checks as readonly string[]).includes(key)) problems.push({ check: key as CheckId, problem: "unexpected" });
  return problems;
}

/** Why the shop does not buy what it found, before any price: a device only its owner can unlock, or a case holding another disc. */
export type InspectionRefusal = "ACTIVATION_LOCK" | "MEDIA_MISMATCH";

export type InspectionResult = { ok: true; answers: GradingAnswers } | { ok: false; refusal: InspectionRefusal };

/** A battery below this share of its design capacity gets the seller's "no" to the battery question. */
export const BATTERY_HEALTH_MIN_PERCENT = 80;

/**
 * The seller's questions answered from a (checked) checklist, for exactly the questions the set
 * asks, so computeOffer prices the inspected item as it priced the seller's answers. A check left
 * out counts against the item: a device is only "fully working" when every functional check says so.
 */
export function inspectionResult(set: QuestionSet, checklist: InspectionChecklist): InspectionResult {
  const checks = INSPECTION_CHECKLIST_OF[set];
  if (set === "media") {
    // The case is what the buyer sees in the listing; a different disc in it is not the product sold.
    if (checklist.discMatchesCover !== "yes") return { ok: false, refusal: "MEDIA_MISMATCH" };
    return { ok: true, answers: { mediaComplete: checklist.mediaComplete, mediaCondition: checklist.mediaCondition } };
  }
  // A locked device cannot be reset or resold by anyone but its owner.
  if (checks.includes("activationLockOff") && checklist.activationLockOff !== "yes") return { ok: false, refusal: "ACTIVATION_LOCK" };

  const fullyWorks = FUNCTION_CHECKS.filter((check) => checks.includes(check)).every((check) => checklist[check] === "works");
  const battery = checklist.batteryHealthPercent;
  const all: GradingAnswers = {
    switchesOn: checklist.powersOn,
    fullyWorks: fullyWorks ? "yes" : "no",
    display: checklist.display,
    housing: checklist.housing,
    batteryHealth: battery !== undefined && battery >= BATTERY_HEALTH_MIN_PERCENT ? "yes" : "no",
    activationLockRemoved: checklist.activationLockOff,
    waterDamage: checklist.waterDamage,
    accessories: checklist.accessoriesComplete,
  };
  const answers = Object.fromEntries(QUESTIONS_OF[set].filter((question) => all[question] !== undefined).map((question) => [question, all[question]])) as GradingAnswers;
  return { ok: true, answers };
}

/** The identifier a blocked-device lookup checks, in its stored spelling; null when the set has none or it is not valid. */
export function deviceIdentifierOf(set: QuestionSet, checklist: InspectionChecklist): { kind: "imei" | "serial"; value: string } | null {
  const checks = INSPECTION_CHECKLIST_OF[set];
  if (checks.includes("imei") && checklist.imei !== undefined) {
    const imei = normalizeImei(checklist.imei);
    return isValidImei(imei) ? { kind: "imei", value: imei } : null;
  }
  if (checks.includes("serial") && checklist.serial !== undefined) {
    const serial = normalizeSerial(checklist.serial);
    return isValidSerial(serial) ? { kind: "serial", value: serial } : null;
  }
  return null;
}

/** The best answer to each question first, so a later option is a worse condition. */
const BEST_FIRST: { [K in QuestionId]: readonly (typeof QUESTIONS)[K][number][] } = {
  switchesOn: ["yes", "no"],
  fullyWorks: ["yes", "no"],
  display: COSMETIC_OPTIONS,
  housing: COSMETIC_OPTIONS,
  batteryHealth: ["yes", "no"],
  activationLockRemoved: ["yes", "no"],
  waterDamage: ["no", "yes"],
  accessories: ["yes", "no"],
  mediaComplete: ["yes", "no"],
  mediaCondition: MEDIA_CONDITIONS,
};

/**
 * The questions where the inspection found a worse condition than the seller described, in the
 * order they are asked: what the seller is shown as the reason for a counteroffer. A question
 * either side left unanswered is not a reason.
 */
export function counterofferReasons(sellerAnswers: GradingAnswers, inspectedAnswers: GradingAnswers): QuestionId[] {
  const rank = (question: QuestionId, answer: string | undefined) => (answer === undefined ? -1 : (BEST_FIRST[question] as readonly string[]).indexOf(answer));
  return (Object.keys(QUESTIONS) as QuestionId[]).filter((question) => {
    const said = rank(question, sellerAnswers[question]);
    const found = rank(question, inspectedAnswers[question]);
    return said >= 0 && found >= 0 && found > said;
  });
}

/** What the inspection says about the offer: computeOffer's answer for the inspected answers, or the inspection's own refusal. */
export type InspectedOffer = Offer | { ok: false; refusal: InspectionRefusal; grade: null };

/** The offer for what the inspection found: the checklist's refusal, or computeOffer on its answers. */
export function inspectedOffer(input: PurchasePricing & { checklist: InspectionChecklist; now: Date }): InspectedOffer {
  const result = inspectionResult(input.set, input.checklist);
  if (!result.ok) return { ok: false, refusal: result.refusal, grade: null };
  return computeOffer({ set: input.set, pricePurchase: input.pricePurchase, gradePrices: input.gradePrices, answers: result.answers, now: input.now });
}

export type InspectionVerdict =
  | { kind: "accept" }
  | { kind: "counteroffer"; grade: SellGrade; price: number }
  | { kind: "refuse"; refusal: Refusal | InspectionRefusal | "BELOW_MINIMUM" };

function gradeRank(grade: SellGrade): number {
  return SELL_GRADES.indexOf(grade);
}

/** The deductions (battery, accessories) an offer was priced with. */
function deductionsOf(breakdown: readonly OfferLine[]): Set<OfferLine["kind"]> {
  return new Set(breakdown.filter((line) => line.kind !== "base").map((line) => line.kind));
}

/**
 * Whether the offer the seller accepted holds after inspection.
 *
 * - The seller was right about the condition (the inspected grade is the same or better, and,
 *   when the offer's breakdown is given, no battery or accessories deduction appears that the
 *   offer did not have): the offered price holds, even if today's price for the grade is lower.
 * - The condition is worse: a counteroffer at the inspected grade and price, never above the
 *   offered price; when the inspected price is not below it, the offer holds after all.
 * - Refused (activation lock, a medium incomplete, poor or not matching its cover): nothing is bought.
 * - Worse and worth less than the minimum the shop buys at (BELOW_MINIMUM): refused too, not a
 *   counteroffer of 0. The storefront would not have bought it at that condition, and since a
 *   seller's silence accepts a counteroffer, a 0 € counteroffer would keep their device without
 *   their consent; the parcel goes back instead. If the grade is the same or better, the offer holds.
 *
 * `inspected` is inspectedOffer's answer (computeOffer's, or the checklist's own refusal).
 */
export function inspectionVerdict(
  offered: { grade: SellGrade; price: number; breakdown?: readonly OfferLine[] },
  inspected: Offer | { ok: false; refusal: InspectionRefusal; grade?: null },
): InspectionVerdict {
  if (!inspected.ok) {
    if (inspected.refusal !== "BELOW_MINIMUM") return { kind: "refuse", refusal: inspected.refusal };
    const gradeHolds = inspected.grade !== null && gradeRank(inspected.grade) <= gradeRank(offered.grade);
    return gradeHolds ? { kind: "accept" } : { kind: "refuse", refusal: "BELOW_MINIMUM" };
  }
  const worseGrade = gradeRank(inspected.grade) > gradeRank(offered.grade);
  const offeredDeductions = offered.breakdown ? deductionsOf(offered.breakdown) : null;
  const newDeduction = offeredDeductions !== null && [...deductionsOf(inspected.breakdown)].some((kind) => !offeredDeductions.has(kind));
  if (!worseGrade && !newDeduction) return { kind: "accept" };
  if (inspected.price >= offered.price) return { kind: "accept" };
  return { kind: "counteroffer", grade: inspected.grade, price: inspected.price };
}
