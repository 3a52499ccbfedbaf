import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAnswers, COSMETIC_OPTIONS, gradeOf, MEDIA_CONDITIONS, QUESTION_SETS, QUESTIONS_OF, type GradingAnswers, type QuestionSet } from "./grading.ts";
import {
  checkChecklist,
  counterofferReasons,
  deviceIdentifierOf,
  INSPECTION_CHECKLIST_OF,
  INSPECTION_CHECKS,
  inspectedOffer,
  inspectionResult,
  inspectionVerdict,
  type CheckId,
  type InspectedOffer,
  type InspectionChecklist,
} from "./inspection.ts";
import { computeOffer, type Offer } from "./offers.ts";
import { PERFECT_DEVICE } from "./test-answers.ts";

const NOW = new Date("2026-01-10T12:00:00Z");
const IMEI = "490154203237518";
const SERIAL = "C02XG2JHJG5J";

const ELECTRONIC_SETS = ["phone", "tablet", "laptop", "watch"] as const satisfies readonly QuestionSet[];
const HANDHELD_SETS = ["phone", "tablet", "watch"] as const satisfies readonly QuestionSet[];
const DEVICE_SETS = [...ELECTRONIC_SETS, "device"] as const satisfies readonly QuestionSet[];
const FUNCTION_CHECKS = ["touch", "keyboard", "cameras", "buttons", "ports", "speakersMicrophone"] as const satisfies readonly CheckId[];

/** What staff find in an item in perfect order, for exactly the checks of a set. */
function checklistFor(set: QuestionSet, overrides: InspectionChecklist = {}): InspectionChecklist {
  const all: InspectionChecklist = {
    powersOn: "yes",
    display: "flawless",
    touch: "works",
    keyboard: "works",
    cameras: "works",
    buttons: "works",
    ports: "works",
    speakersMicrophone: "works",
    batteryHealthPercent: 93,
    housing: "flawless",
    waterDamage: "no",
    activationLockOff: "yes",
    imei: IMEI,
    serial: SERIAL,
    dataWipe: "certified-erasure",
    accessoriesComplete: "yes",
    discMatchesCover: "yes",
    mediaComplete: "yes",
    mediaCondition: "like-new",
  };
  const picked = Object.fromEntries(INSPECTION_CHECKLIST_OF[set].map((check) => [check, all[check]])) as InspectionChecklist;
  return { ...picked, ...overrides };
}

function answersOf(set: QuestionSet, checklist: InspectionChecklist): GradingAnswers {
  const result = inspectionResult(set, checklist);
  if (!result.ok) throw new Error(`expected answers, got the refusal ${result.refusal}`);
  return result.answers;
}

function okOffer(offer: InspectedOffer): Extract<Offer, { ok: true }> {
  if (!offer.ok) throw new Error(`expected an offer, got the refusal ${offer.refusal}`);
  return offer;
}

describe("INSPECTION_CHECKLIST_OF", () => {
  it("checks phones, tablets and watches for function, battery, lock, IMEI and data wipe, in working order", () => {
    for (const set of HANDHELD_SETS) {
      expect(INSPECTION_CHECKLIST_OF[set]).toEqual([
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
      ]);
    }
  });

  it("checks a laptop's keyboard instead of touch, and its serial number instead of an IMEI", () => {
    expect(INSPECTION_CHECKLIST_OF.laptop).toEqual([
      "powersOn",
      "display",
      "keyboard",
      "cameras",
      "buttons",
      "ports",
      "speakersMicrophone",
      "batteryHealthPercent",
      "housing",
      "waterDamage",
      "activationLockOff",
      "serial",
      "dataWipe",
      "accessoriesComplete",
    ]);
  });

  it("checks other devices without screen, battery or lock, and media for the disc, completeness and condition", () => {
    expect(INSPECTION_CHECKLIST_OF.device).toEqual(["powersOn", "buttons", "ports", "housing", "waterDamage", "serial", "accessoriesComplete"]);
    expect(INSPECTION_CHECKLIST_OF.media).toEqual(["discMatchesCover", "mediaComplete", "mediaCondition"]);
  });

  it("only uses checks that exist, and every check is used by some set", () => {
    const used = new Set(QUESTION_SETS.flatMap((set) => INSPECTION_CHECKLIST_OF[set]));
    for (const check of used) expect(Object.keys(INSPECTION_CHECKS)).toContain(check);
    expect([...used].sort()).toEqual(Object.keys(INSPECTION_CHECKS).sort());
  });

  it("offers the seller's cosmetic and media options, so both sides grade in the same words", () => {
    expect(INSPECTION_CHECKS.display).toBe(COSMETIC_OPTIONS);
    expect(INSPECTION_CHECKS.housing).toBe(COSMETIC_OPTIONS);
    expect(INSPECTION_CHECKS.mediaCondition).toBe(MEDIA_CONDITIONS);
  });
});

describe("checkChecklist", () => {
  it("accepts a complete checklist for every set", () => {
    for (const set of QUESTION_SETS) expect(checkChecklist(set, checklistFor(set)), set).toEqual([]);
  });

  it("accepts every option of every option check", () => {
    for (const set of QUESTION_SETS) {
      for (const check of INSPECTION_CHECKLIST_OF[set]) {
        const spec = INSPECTION_CHECKS[check];
        if (typeof spec === "string") continue;
        for (const option of spec) expect(checkChecklist(set, { ...checklistFor(set), [check]: option }), `${set}.${check}=${option}`).toEqual([]);
      }
    }
  });

  it("reports every check as missing when nothing is filled in, in the checklist's order", () => {
    for (const set of QUESTION_SETS) {
      expect(checkChecklist(set, {})).toEqual(INSPECTION_CHECKLIST_OF[set].map((check) => ({ check, problem: "missing" })));
    }
  });

  it("counts null and an empty text as missing", () => {
    expect(checkChecklist("phone", { ...checklistFor("phone"), imei: "", display: null })).toEqual([
      { check: "display", problem: "missing" },
      { check: "imei", problem: "missing" },
    ]);
  });

  it("refuses values that are not an option of their check", () => {
    expect(checkChecklist("phone", { ...checklistFor("phone"), powersOn: "maybe", touch: "yes", display: "A0", dataWipe: "deleted", waterDamage: true })).toEqual([
      { check: "powersOn", problem: "invalid" },
      { check: "display", problem: "invalid" },
      { check: "touch", problem: "invalid" },
      { check: "waterDamage", problem: "invalid" },
      { check: "dataWipe", problem: "invalid" },
    ]);
    expect(checkChecklist("media", { ...checklistFor("media"), mediaCondition: "broken" })).toEqual([{ check: "mediaCondition", problem: "invalid" }]);
  });

  it("takes the battery health as a whole percentage from 0 to 100", () => {
    for (const percent of [0, 1, 79, 80, 100]) expect(checkChecklist("phone", checklistFor("phone", { batteryHealthPercent: percent })), String(percent)).toEqual([]);
    for (const percent of [-1, 101, 85.5, Number.NaN, Number.POSITIVE_INFINITY, "85", "85%", true]) {
      expect(checkChecklist("phone", { ...checklistFor("phone"), batteryHealthPercent: percent }), String(percent)).toEqual([{ check: "batteryHealthPercent", problem: "invalid" }]);
    }
  });

  it("takes an IMEI as it is printed, and refuses one whose check digit does not match", () => {
    for (const set of HANDHELD_SETS) {
      expect(checkChecklist(set, checklistFor(set, { imei: "49 015420 323751 8" }))).toEqual([]);
      expect(checkChecklist(set, checklistFor(set, { imei: "49-015420-323751-8" }))).toEqual([]);
      expect(checkChecklist(set, checklistFor(set, { imei: "490154203237519" }))).toEqual([{ check: "imei", problem: "invalid" }]);
      expect(checkChecklist(set, checklistFor(set, { imei: "49015420323751" }))).toEqual([{ check: "imei", problem: "invalid" }]);
      expect(checkChecklist(set, checklistFor(set, { imei: SERIAL }))).toEqual([{ check: "imei", problem: "invalid" }]);
      expect(checkChecklist(set, { ...checklistFor(set), imei: 490154203237518 })).toEqual([{ check: "imei", problem: "invalid" }]);
    }
  });

  it("takes a serial number in any case, and refuses one too short, too long or with other characters", () => {
    for (const set of ["laptop", "device"] as const) {
      expect(checkChecklist(set, checklistFor(set, { serial: "c02xg2jhjg5j" }))).toEqual([]);
      expect(checkChecklist(set, checklistFor(set, { serial: " SN-2023-0417 " }))).toEqual([]);
      for (const serial of ["ABC", "A".repeat(41), "C02 XG2", "C02_XG2", "Ä0123"]) {
        expect(checkChecklist(set, checklistFor(set, { serial })), serial).toEqual([{ check: "serial", problem: "invalid" }]);
      }
    }
  });

  it("reports checks that do not belong to the set as unexpected", () => {
    expect(checkChecklist("laptop", { ...checklistFor("laptop"), imei: IMEI, touch: "works" })).toEqual([
      { check: "imei", problem: "unexpected" },
      { check: "touch", problem: "unexpected" },
    ]);
    expect(checkChecklist("phone", { ...checklistFor("phone"), serial: SERIAL })).toEqual([{ check: "serial", problem: "unexpected" }]);
    expect(checkChecklist("device", { ...checklistFor("device"), display: "flawless", batteryHealthPercent: 90 })).toEqual([
      { check: "display", problem: "unexpected" },
      { check: "batteryHealthPercent", problem: "unexpected" },
    ]);
    expect(checkChecklist("media", { ...checklistFor("media"), powersOn: "yes", note: "scratched" })).toEqual([
      { check: "powersOn", problem: "unexpected" },
      { check: "note", problem: "unexpected" },
    ]);
  });
});

describe("inspectionResult", () => {
  it("answers the seller's questions as a perfect device's answers when nothing is wrong", () => {
    for (const set of ELECTRONIC_SETS) expect(answersOf(set, checklistFor(set))).toEqual(PERFECT_DEVICE);
    expect(answersOf("device", checklistFor("device"))).toEqual({ switchesOn: "yes", fullyWorks: "yes", housing: "flawless", waterDamage: "no", accessories: "yes" });
    expect(answersOf("media", checklistFor("media"))).toEqual({ mediaComplete: "yes", mediaCondition: "like-new" });
  });

  it("answers exactly the questions of the set, each with an allowed option", () => {
    for (const set of QUESTION_SETS) {
      const answers = answersOf(set, checklistFor(set));
      expect(Object.keys(answers)).toEqual([...QUESTIONS_OF[set]]);
      expect(checkAnswers(set, answers)).toEqual([]);
    }
  });

  it("says the device does not fully work when any one functional check is faulty", () => {
    for (const set of DEVICE_SETS) {
      for (const check of FUNCTION_CHECKS.filter((c) => INSPECTION_CHECKLIST_OF[set].includes(c))) {
        expect(answersOf(set, checklistFor(set, { [check]: "faulty" })).fullyWorks, `${set}.${check}`).toBe("no");
      }
    }
  });

  it("does not call a device fully working when a functional check was left out", () => {
    const { cameras: _, ...withoutCameras } = checklistFor("phone");
    expect(answersOf("phone", withoutCameras).fullyWorks).toBe("no");
  });

  it("ignores a functional check the set does not have", () => {
    expect(answersOf("phone", checklistFor("phone", { keyboard: "faulty" })).fullyWorks).toBe("yes");
    expect(answersOf("device", checklistFor("device", { touch: "faulty", cameras: "faulty" })).fullyWorks).toBe("yes");
  });

  it("takes whether it switches on, the water damage and the accessories as found", () => {
    expect(answersOf("phone", checklistFor("phone", { powersOn: "no" })).switchesOn).toBe("no");
    expect(answersOf("laptop", checklistFor("laptop", { waterDamage: "yes" })).waterDamage).toBe("yes");
    expect(answersOf("device", checklistFor("device", { accessoriesComplete: "no" })).accessories).toBe("no");
  });

  it("copies the display's and housing's condition", () => {
    for (const option of COSMETIC_OPTIONS) {
      expect(answersOf("tablet", checklistFor("tablet", { display: option, housing: option }))).toMatchObject({ display: option, housing: option });
      expect(answersOf("device", checklistFor("device", { housing: option })).housing).toBe(option);
    }
  });

  it("calls a battery good from 80 % of its design capacity", () => {
    expect(answersOf("phone", checklistFor("phone", { batteryHealthPercent: 100 })).batteryHealth).toBe("yes");
    expect(answersOf("phone", checklistFor("phone", { batteryHealthPercent: 80 })).batteryHealth).toBe("yes");
    expect(answersOf("phone", checklistFor("phone", { batteryHealthPercent: 79 })).batteryHealth).toBe("no");
    expect(answersOf("laptop", checklistFor("laptop", { batteryHealthPercent: 0 })).batteryHealth).toBe("no");
    const { batteryHealthPercent: _, ...unmeasured } = checklistFor("watch");
    expect(answersOf("watch", unmeasured).batteryHealth).toBe("no");
  });

  it("refuses a device whose activation lock is still on, whatever else was found", () => {
    for (const set of ELECTRONIC_SETS) {
      expect(inspectionResult(set, checklistFor(set, { activationLockOff: "no" }))).toEqual({ ok: false, refusal: "ACTIVATION_LOCK" });
      expect(inspectionResult(set, checklistFor(set, { activationLockOff: "no", powersOn: "no", display: "broken" }))).toEqual({ ok: false, refusal: "ACTIVATION_LOCK" });
    }
  });

  it("has no activation lock to refuse for other devices", () => {
    expect(inspectionResult("device", checklistFor("device", { activationLockOff: "no" }))).toMatchObject({ ok: true });
  });

  it("refuses a medium whose disc does not match its cover, complete or not", () => {
    expect(inspectionResult("media", checklistFor("media", { discMatchesCover: "no" }))).toEqual({ ok: false, refusal: "MEDIA_MISMATCH" });
    expect(inspectionResult("media", checklistFor("media", { discMatchesCover: "no", mediaComplete: "no" }))).toEqual({ ok: false, refusal: "MEDIA_MISMATCH" });
  });

  it("copies a medium's completeness and condition", () => {
    for (const mediaCondition of MEDIA_CONDITIONS) {
      for (const mediaComplete of ["yes", "no"] as const) {
        expect(answersOf("media", checklistFor("media", { mediaCondition, mediaComplete }))).toEqual({ mediaComplete, mediaCondition });
      }
    }
  });

  it("does not let the data wipe or the identifier change the answers", () => {
    expect(answersOf("phone", checklistFor("phone", { dataWipe: "not-possible", imei: "35 693803 564380 9" }))).toEqual(PERFECT_DEVICE);
  });

  it("turns any valid checklist into answers the seller's questions accept", () => {
    const optionOf = (check: CheckId) => {
      const spec = INSPECTION_CHECKS[check];
      if (spec === "percent") return fc.integer({ min: 0, max: 100 });
      if (spec === "imei") return fc.constant(IMEI);
      if (spec === "serial") return fc.constant(SERIAL);
      return fc.constantFrom(...spec);
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...QUESTION_SETS).chain((set) =>
          fc.tuple(fc.constant(set), fc.record(Object.fromEntries(INSPECTION_CHECKLIST_OF[set].map((check) => [check, optionOf(check)]))) as fc.Arbitrary<InspectionChecklist>),
        ),
        ([set, checklist]) => {
          expect(checkChecklist(set, checklist)).toEqual([]);
          const result = inspectionResult(set, checklist);
          if (!result.ok) {
            expect(result.refusal).toBe(set === "media" ? "MEDIA_MISMATCH" : "ACTIVATION_LOCK");
            return;
          }
          expect(checkAnswers(set, result.answers)).toEqual([]);
          // Works only if every functional check of the set works.
          if (set !== "media") {
            const works = FUNCTION_CHECKS.filter((c) => INSPECTION_CHECKLIST_OF[set].includes(c)).every((c) => checklist[c] === "works");
            expect(result.answers.fullyWorks).toBe(works ? "yes" : "no");
          }
          expect(gradeOf(set, result.answers)).toBeDefined();
        },
      ),
    );
  });
});

describe("deviceIdentifierOf", () => {
  it("gives a phone's, tablet's or watch's IMEI as digits only", () => {
    for (const set of HANDHELD_SETS) {
      expect(deviceIdentifierOf(set, checklistFor(set))).toEqual({ kind: "imei", value: IMEI });
      expect(deviceIdentifierOf(set, checklistFor(set, { imei: "49-015420 323751-8" }))).toEqual({ kind: "imei", value: IMEI });
    }
  });

  it("gives a laptop's or other device's serial number in capitals", () => {
    for (const set of ["laptop", "device"] as const) {
      expect(deviceIdentifierOf(set, checklistFor(set))).toEqual({ kind: "serial", value: SERIAL });
      expect(deviceIdentifierOf(set, checklistFor(set, { serial: " c02xg2jhjg5j" }))).toEqual({ kind: "serial", value: SERIAL });
    }
  });

  it("gives nothing for media, for a missing or invalid identifier, or for the other set's kind", () => {
    expect(deviceIdentifierOf("media", checklistFor("media"))).toBeNull();
    expect(deviceIdentifierOf("phone", checklistFor("phone", { imei: "490154203237519" }))).toBeNull();
    expect(deviceIdentifierOf("laptop", checklistFor("laptop", { serial: "AB" }))).toBeNull();
    const { imei: _, ...withoutImei } = checklistFor("phone");
    expect(deviceIdentifierOf("phone", withoutImei)).toBeNull();
    expect(deviceIdentifierOf("phone", { ...withoutImei, serial: SERIAL })).toBeNull();
    expect(deviceIdentifierOf("laptop", { imei: IMEI })).toBeNull();
  });
});

describe("counterofferReasons", () => {
  it("finds nothing when the inspection agrees with the seller", () => {
    expect(counterofferReasons(PERFECT_DEVICE, PERFECT_DEVICE)).toEqual([]);
    expect(counterofferReasons({ mediaComplete: "yes", mediaCondition: "good" }, { mediaComplete: "yes", mediaCondition: "good" })).toEqual([]);
  });

  it("names every question found worse, in the order they are asked", () => {
    const inspected: GradingAnswers = { ...PERFECT_DEVICE, accessories: "no", display: "light", waterDamage: "yes", batteryHealth: "no", switchesOn: "no" };
    expect(counterofferReasons(PERFECT_DEVICE, inspected)).toEqual(["switchesOn", "display", "batteryHealth", "waterDamage", "accessories"]);
  });

  it("counts water damage found where the seller said none as worse", () => {
    expect(counterofferReasons({ waterDamage: "no" }, { waterDamage: "yes" })).toEqual(["waterDamage"]);
    expect(counterofferReasons({ waterDamage: "yes" }, { waterDamage: "no" })).toEqual([]);
  });

  it("does not count a better condition than described as a reason", () => {
    const seller: GradingAnswers = { ...PERFECT_DEVICE, display: "visible", housing: "heavy", batteryHealth: "no" };
    expect(counterofferReasons(seller, { ...PERFECT_DEVICE, display: "faint" })).toEqual([]);
    expect(counterofferReasons(seller, { ...PERFECT_DEVICE, display: "faint", housing: "broken" })).toEqual(["housing"]);
  });

  it("compares cosmetic and media conditions by how far they are from the best", () => {
    expect(counterofferReasons({ housing: "faint" }, { housing: "light" })).toEqual(["housing"]);
    expect(counterofferReasons({ housing: "heavy" }, { housing: "broken" })).toEqual(["housing"]);
    expect(counterofferReasons({ mediaComplete: "yes", mediaCondition: "very-good" }, { mediaComplete: "no", mediaCondition: "acceptable" })).toEqual(["mediaComplete", "mediaCondition"]);
  });

  it("skips a question either side did not answer", () => {
    expect(counterofferReasons({ switchesOn: "yes" }, { display: "broken" })).toEqual([]);
    expect(counterofferReasons({ display: "flawless" }, {})).toEqual([]);
  });

  it("explains a counteroffer from a real inspection", () => {
    const inspected = answersOf("phone", checklistFor("phone", { cameras: "faulty", batteryHealthPercent: 71, housing: "visible" }));
    expect(counterofferReasons(PERFECT_DEVICE, inspected)).toEqual(["fullyWorks", "housing", "batteryHealth"]);
  });
});

describe("inspectedOffer", () => {
  it("prices the inspected item with the seller's offer rule", () => {
    for (const set of QUESTION_SETS) {
      const checklist = checklistFor(set);
      expect(inspectedOffer({ set, pricePurchase: 25_000, checklist, now: NOW })).toEqual(
        computeOffer({ set, pricePurchase: 25_000, answers: answersOf(set, checklist), now: NOW }),
      );
    }
    expect(okOffer(inspectedOffer({ set: "phone", pricePurchase: 25_000, checklist: checklistFor("phone"), now: NOW }))).toMatchObject({ grade: "A0", price: 25_000 });
  });

  it("gives the same price as the seller's matching answers", () => {
    const checklist = checklistFor("phone", { display: "light", batteryHealthPercent: 75 });
    const seller = computeOffer({ set: "phone", pricePurchase: 30_000, answers: { ...PERFECT_DEVICE, display: "light", batteryHealth: "no" }, now: NOW });
    expect(inspectedOffer({ set: "phone", pricePurchase: 30_000, checklist, now: NOW })).toEqual(seller);
  });

  it("passes the checklist's own refusal on, without a grade", () => {
    expect(inspectedOffer({ set: "phone", pricePurchase: 25_000, checklist: checklistFor("phone", { activationLockOff: "no" }), now: NOW })).toEqual({
      ok: false,
      refusal: "ACTIVATION_LOCK",
      grade: null,
    });
    expect(inspectedOffer({ set: "media", pricePurchase: 2_000, checklist: checklistFor("media", { discMatchesCover: "no" }), now: NOW })).toEqual({
      ok: false,
      refusal: "MEDIA_MISMATCH",
      grade: null,
    });
  });

  it("passes computeOffer's refusals on", () => {
    expect(inspectedOffer({ set: "media", pricePurchase: 2_000, checklist: checklistFor("media", { mediaComplete: "no" }), now: NOW })).toMatchObject({ ok: false, refusal: "MEDIA_INCOMPLETE" });
    expect(inspectedOffer({ set: "media", pricePurchase: 2_000, checklist: checklistFor("media", { mediaCondition: "poor" }), now: NOW })).toMatchObject({ ok: false, refusal: "MEDIA_POOR" });
    expect(inspectedOffer({ set: "device", pricePurchase: 500, checklist: checklistFor("device", { powersOn: "no" }), now: NOW })).toEqual({ ok: false, refusal: "BELOW_MINIMUM", grade: "DEFECT" });
  });
});

describe("inspectionVerdict", () => {
  const phoneOffer = (overrides: InspectionChecklist, pricePurchase = 25_000) => inspectedOffer({ set: "phone", pricePurchase, checklist: checklistFor("phone", overrides), now: NOW });

  it("accepts when the inspection finds the grade the seller described", () => {
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({}))).toEqual({ kind: "accept" });
    expect(inspectionVerdict({ grade: "A2", price: 19_500 }, phoneOffer({ display: "light" }))).toEqual({ kind: "accept" });
  });

  it("holds the offered price when the item is the same grade or better, even if it is worth less today", () => {
    expect(inspectionVerdict({ grade: "A2", price: 19_500 }, phoneOffer({ display: "faint" }))).toEqual({ kind: "accept" });
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({}, 20_000))).toEqual({ kind: "accept" });
  });

  it("makes a counteroffer at the inspected grade and price when the condition is worse", () => {
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({ housing: "visible" }))).toEqual({ kind: "counteroffer", grade: "A3", price: 16_000 });
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({ display: "broken" }))).toEqual({ kind: "counteroffer", grade: "DEFECT", price: 3_750 });
    expect(inspectionVerdict({ grade: "A1", price: 22_500 }, phoneOffer({ touch: "faulty" }))).toEqual({ kind: "counteroffer", grade: "DEFECT", price: 3_750 });
  });

  it("never counteroffers more than the offered price: then the offer holds", () => {
    // The purchase price rose since the offer, so the worse grade is worth as much today.
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({ display: "faint" }, 30_000))).toEqual({ kind: "accept" });
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({ display: "faint" }, 27_500))).toMatchObject({ kind: "counteroffer", grade: "A1", price: 24_750 });
  });

  it("refuses what the inspection refuses", () => {
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, phoneOffer({ activationLockOff: "no" }))).toEqual({ kind: "refuse", refusal: "ACTIVATION_LOCK" });
    const medium = (overrides: InspectionChecklist) => inspectedOffer({ set: "media", pricePurchase: 2_000, checklist: checklistFor("media", overrides), now: NOW });
    expect(inspectionVerdict({ grade: "A0", price: 2_000 }, medium({ discMatchesCover: "no" }))).toEqual({ kind: "refuse", refusal: "MEDIA_MISMATCH" });
    expect(inspectionVerdict({ grade: "A0", price: 2_000 }, medium({ mediaComplete: "no" }))).toEqual({ kind: "refuse", refusal: "MEDIA_INCOMPLETE" });
    expect(inspectionVerdict({ grade: "A0", price: 2_000 }, medium({ mediaCondition: "poor" }))).toEqual({ kind: "refuse", refusal: "MEDIA_POOR" });
  });

  it("takes inspectionResult's refusal as it is", () => {
    const result = inspectionResult("phone", checklistFor("phone", { activationLockOff: "no" }));
    if (result.ok) throw new Error("expected a refusal");
    expect(inspectionVerdict({ grade: "A0", price: 25_000 }, result)).toEqual({ kind: "refuse", refusal: "ACTIVATION_LOCK" });
  });

  it("refuses, rather than offering nothing, when the worse condition is worth less than the shop's minimum", () => {
    const broken = inspectedOffer({ set: "device", pricePurchase: 500, checklist: checklistFor("device", { powersOn: "no" }), now: NOW });
    expect(broken).toMatchObject({ ok: false, refusal: "BELOW_MINIMUM", grade: "DEFECT" });
    expect(inspectionVerdict({ grade: "A0", price: 500 }, broken)).toEqual({ kind: "refuse", refusal: "BELOW_MINIMUM" });
  });

  it("holds the offer when the item is below the minimum today but in the grade described", () => {
    const belowMinimum: Offer = { ok: false, refusal: "BELOW_MINIMUM", grade: "A2" };
    expect(inspectionVerdict({ grade: "A2", price: 150 }, belowMinimum)).toEqual({ kind: "accept" });
    expect(inspectionVerdict({ grade: "A3", price: 150 }, belowMinimum)).toEqual({ kind: "accept" });
    expect(inspectionVerdict({ grade: "A1", price: 150 }, belowMinimum)).toEqual({ kind: "refuse", refusal: "BELOW_MINIMUM" });
  });

  describe("with the offer's breakdown", () => {
    const offered = okOffer(computeOffer({ set: "phone", pricePurchase: 25_000, answers: PERFECT_DEVICE, now: NOW }));

    it("counteroffers when the inspection finds a weak battery or missing accessories the offer did not deduct", () => {
      const weakBattery = phoneOffer({ batteryHealthPercent: 70 });
      expect(inspectionVerdict(offered, weakBattery)).toEqual({ kind: "counteroffer", grade: "A0", price: 22_000 });
      expect(inspectionVerdict(offered, phoneOffer({ accessoriesComplete: "no" }))).toEqual({ kind: "counteroffer", grade: "A0", price: 23_750 });
      // Without the breakdown only the grade is compared, and the same grade holds.
      expect(inspectionVerdict({ grade: offered.grade, price: offered.price }, weakBattery)).toEqual({ kind: "accept" });
    });

    it("accepts a deduction the offer already had", () => {
      const sold = okOffer(computeOffer({ set: "phone", pricePurchase: 25_000, answers: { ...PERFECT_DEVICE, batteryHealth: "no" }, now: NOW }));
      expect(inspectionVerdict(sold, phoneOffer({ batteryHealthPercent: 60 }))).toEqual({ kind: "accept" });
    });

    it("accepts when the inspection finds fewer deductions than the offer had", () => {
      const sold = okOffer(computeOffer({ set: "phone", pricePurchase: 25_000, answers: { ...PERFECT_DEVICE, accessories: "no" }, now: NOW }));
      expect(inspectionVerdict(sold, phoneOffer({}))).toEqual({ kind: "accept" });
    });
  });

  it("goes from checklist to verdict and reasons for a seller who described a damaged phone as perfect", () => {
    const offered = okOffer(computeOffer({ set: "phone", pricePurchase: 40_000, answers: PERFECT_DEVICE, now: NOW }));
    const checklist = checklistFor("phone", { display: "heavy", batteryHealthPercent: 64 });
    expect(checkChecklist("phone", checklist)).toEqual([]);
    const inspected = inspectedOffer({ set: "phone", pricePurchase: 40_000, checklist, now: NOW });
    expect(inspectionVerdict(offered, inspected)).toEqual({ kind: "counteroffer", grade: "A4", price: 16_890 });
    expect(counterofferReasons(PERFECT_DEVICE, answersOf("phone", checklist))).toEqual(["display", "batteryHealth"]);
  });
});
