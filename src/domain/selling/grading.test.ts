import { describe, expect, it } from "vitest";
import {
  checkAnswers,
  COSMETIC_OPTIONS,
  gradeOf,
  MEDIA_CONDITIONS,
  QUESTION_SETS,
  QUESTIONS,
  QUESTIONS_OF,
  questionSetOf,
  type GradingAnswers,
  type QuestionSet,
} from "./grading.ts";
import { PERFECT_DEVICE } from "./test-answers.ts";

/** The perfect answers to exactly the questions of a set. */
function answersFor(set: QuestionSet, overrides: GradingAnswers = {}): GradingAnswers {
  const all: GradingAnswers = { ...PERFECT_DEVICE, mediaComplete: "yes", mediaCondition: "like-new" };
  const picked = Object.fromEntries(QUESTIONS_OF[set].map((q) => [q, all[q]])) as GradingAnswers;
  return { ...picked, ...overrides };
}

const ELECTRONIC_SETS = ["phone", "tablet", "laptop", "watch"] as const satisfies readonly QuestionSet[];
const DEVICE_SETS = [...ELECTRONIC_SETS, "device"] as const satisfies readonly QuestionSet[];

describe("questionSetOf", () => {
  it("maps each electronics image kind to its set", () => {
    expect(questionSetOf({ rootKind: "electronics", imageKind: "smartphone" })).toBe("phone");
    expect(questionSetOf({ rootKind: "electronics", imageKind: "tablet" })).toBe("tablet");
    expect(questionSetOf({ rootKind: "electronics", imageKind: "laptop" })).toBe("laptop");
    expect(questionSetOf({ rootKind: "electronics", imageKind: "watch-case" })).toBe("watch");
  });

  it("asks the device questions for consoles, headphones, chargers and unknown kinds", () => {
    for (const imageKind of ["console", "headphones", "charger", "something-new", ""]) {
      expect(questionSetOf({ rootKind: "electronics", imageKind })).toBe("device");
    }
  });

  it("asks the media questions under a media root, whatever the image kind", () => {
    for (const imageKind of ["book", "cd", "dvd", "game", "smartphone", "laptop", "watch-case"]) {
      expect(questionSetOf({ rootKind: "media", imageKind })).toBe("media");
    }
  });
});

describe("QUESTIONS_OF", () => {
  it("asks phones, tablets, laptops and watches the same eight questions, in order", () => {
    for (const set of ELECTRONIC_SETS) {
      expect(QUESTIONS_OF[set]).toEqual(["switchesOn", "fullyWorks", "display", "housing", "batteryHealth", "activationLockRemoved", "waterDamage", "accessories"]);
    }
  });

  it("asks devices without display, battery or activation lock, and media only about completeness and condition", () => {
    expect(QUESTIONS_OF.device).toEqual(["switchesOn", "fullyWorks", "housing", "waterDamage", "accessories"]);
    expect(QUESTIONS_OF.media).toEqual(["mediaComplete", "mediaCondition"]);
  });

  it("only asks questions that exist", () => {
    for (const set of QUESTION_SETS) for (const q of QUESTIONS_OF[set]) expect(Object.keys(QUESTIONS)).toContain(q);
  });
});

describe("checkAnswers", () => {
  it("accepts a complete and valid set of answers for every set", () => {
    for (const set of QUESTION_SETS) expect(checkAnswers(set, answersFor(set))).toEqual([]);
  });

  it("accepts every option of every question", () => {
    for (const set of QUESTION_SETS) {
      for (const question of QUESTIONS_OF[set]) {
        for (const option of QUESTIONS[question]) {
          expect(checkAnswers(set, { ...answersFor(set), [question]: option })).toEqual([]);
        }
      }
    }
  });

  it("reports every question of the set as missing when nothing is answered, in the set's order", () => {
    for (const set of QUESTION_SETS) {
      expect(checkAnswers(set, {})).toEqual(QUESTIONS_OF[set].map((question) => ({ question, problem: "missing" })));
    }
  });

  it("counts undefined and null as missing", () => {
    expect(checkAnswers("phone", { ...answersFor("phone"), display: undefined })).toEqual([{ question: "display", problem: "missing" }]);
    expect(checkAnswers("phone", { ...answersFor("phone"), housing: null })).toEqual([{ question: "housing", problem: "missing" }]);
  });

  it("reports an option of another question, a wrong type or wrong case as invalid", () => {
    expect(checkAnswers("phone", { ...answersFor("phone"), display: "yes" })).toEqual([{ question: "display", problem: "invalid" }]);
    expect(checkAnswers("phone", { ...answersFor("phone"), switchesOn: true })).toEqual([{ question: "switchesOn", problem: "invalid" }]);
    expect(checkAnswers("phone", { ...answersFor("phone"), waterDamage: "No" })).toEqual([{ question: "waterDamage", problem: "invalid" }]);
    expect(checkAnswers("laptop", { ...answersFor("laptop"), housing: "" })).toEqual([{ question: "housing", problem: "invalid" }]);
    expect(checkAnswers("media", { ...answersFor("media"), mediaCondition: "flawless" })).toEqual([{ question: "mediaCondition", problem: "invalid" }]);
    expect(checkAnswers("media", { ...answersFor("media"), mediaComplete: 1 })).toEqual([{ question: "mediaComplete", problem: "invalid" }]);
  });

  it("reports answers to questions the set does not ask as unexpected", () => {
    expect(checkAnswers("device", { ...answersFor("device"), display: "flawless", activationLockRemoved: "yes" })).toEqual([
      { question: "display", problem: "unexpected" },
      { question: "activationLockRemoved", problem: "unexpected" },
    ]);
    expect(checkAnswers("media", { ...answersFor("media"), switchesOn: "yes" })).toEqual([{ question: "switchesOn", problem: "unexpected" }]);
    expect(checkAnswers("phone", { ...answersFor("phone"), mediaCondition: "good" })).toEqual([{ question: "mediaCondition", problem: "unexpected" }]);
    expect(checkAnswers("watch", { ...answersFor("watch"), colour: "red" })).toEqual([{ question: "colour", problem: "unexpected" }]);
  });

  it("reports the device answers given for a medium as unexpected and the media answers as missing", () => {
    const problems = checkAnswers("media", answersFor("phone"));
    expect(problems).toEqual([
      { question: "mediaComplete", problem: "missing" },
      { question: "mediaCondition", problem: "missing" },
      ...QUESTIONS_OF.phone.map((question) => ({ question, problem: "unexpected" })),
    ]);
  });

  it("reports missing, invalid and unexpected answers together", () => {
    const answers = { ...answersFor("tablet"), batteryHealth: undefined, housing: "scratched", mediaComplete: "yes" };
    expect(checkAnswers("tablet", answers)).toEqual(
      expect.arrayContaining([
        { question: "batteryHealth", problem: "missing" },
        { question: "housing", problem: "invalid" },
        { question: "mediaComplete", problem: "unexpected" },
      ]),
    );
    expect(checkAnswers("tablet", answers)).toHaveLength(3);
  });
});

describe("gradeOf", () => {
  const GRADE_OF_OPTION = { flawless: "A0", faint: "A1", light: "A2", visible: "A3", heavy: "A4", broken: "DEFECT" } as const;

  it("grades a perfect device A0 with no battery or accessory flags", () => {
    for (const set of DEVICE_SETS) {
      expect(gradeOf(set, answersFor(set))).toEqual({ ok: true, grade: "A0", batteryBelow80: false, accessoriesMissing: false });
    }
  });

  it("maps each display and each housing option to its grade", () => {
    for (const option of COSMETIC_OPTIONS) {
      for (const set of ELECTRONIC_SETS) {
        expect(gradeOf(set, answersFor(set, { display: option }))).toMatchObject({ ok: true, grade: GRADE_OF_OPTION[option] });
        expect(gradeOf(set, answersFor(set, { housing: option }))).toMatchObject({ ok: true, grade: GRADE_OF_OPTION[option] });
      }
      expect(gradeOf("device", answersFor("device", { housing: option }))).toMatchObject({ ok: true, grade: GRADE_OF_OPTION[option] });
    }
  });

  it("takes the worse of display and housing", () => {
    expect(gradeOf("phone", answersFor("phone", { display: "faint", housing: "visible" }))).toMatchObject({ grade: "A3" });
    expect(gradeOf("phone", answersFor("phone", { display: "visible", housing: "faint" }))).toMatchObject({ grade: "A3" });
    expect(gradeOf("tablet", answersFor("tablet", { display: "heavy", housing: "light" }))).toMatchObject({ grade: "A4" });
    expect(gradeOf("laptop", answersFor("laptop", { display: "light", housing: "light" }))).toMatchObject({ grade: "A2" });
    expect(gradeOf("watch", answersFor("watch", { display: "flawless", housing: "broken" }))).toMatchObject({ grade: "DEFECT" });
    for (const display of COSMETIC_OPTIONS) {
      for (const housing of COSMETIC_OPTIONS) {
        const worse = COSMETIC_OPTIONS.indexOf(display) >= COSMETIC_OPTIONS.indexOf(housing) ? display : housing;
        expect(gradeOf("phone", answersFor("phone", { display, housing }))).toMatchObject({ ok: true, grade: GRADE_OF_OPTION[worse] });
      }
    }
  });

  it("grades a device DEFECT that does not switch on, does not fully work or had water damage, however flawless", () => {
    for (const set of DEVICE_SETS) {
      expect(gradeOf(set, answersFor(set, { switchesOn: "no" }))).toMatchObject({ ok: true, grade: "DEFECT" });
      expect(gradeOf(set, answersFor(set, { fullyWorks: "no" }))).toMatchObject({ ok: true, grade: "DEFECT" });
      expect(gradeOf(set, answersFor(set, { waterDamage: "yes" }))).toMatchObject({ ok: true, grade: "DEFECT" });
    }
  });

  it("keeps a defective device DEFECT with any cosmetic answer", () => {
    for (const option of COSMETIC_OPTIONS) {
      expect(gradeOf("phone", answersFor("phone", { fullyWorks: "no", display: option, housing: option }))).toMatchObject({ grade: "DEFECT" });
    }
  });

  it("refuses a phone, tablet, laptop or watch whose activation lock is not removed", () => {
    for (const set of ELECTRONIC_SETS) {
      expect(gradeOf(set, answersFor(set, { activationLockRemoved: "no" }))).toEqual({ ok: false, refusal: "ACTIVATION_LOCK" });
      // Even a defective one: nobody else can reset it.
      expect(gradeOf(set, answersFor(set, { activationLockRemoved: "no", switchesOn: "no", display: "broken" }))).toEqual({ ok: false, refusal: "ACTIVATION_LOCK" });
    }
  });

  it("treats an unanswered activation lock as locked", () => {
    const { activationLockRemoved: _, ...rest } = answersFor("phone");
    expect(gradeOf("phone", rest)).toEqual({ ok: false, refusal: "ACTIVATION_LOCK" });
  });

  it("does not refuse a device for the activation lock: the device set has no such question", () => {
    expect(gradeOf("device", answersFor("device"))).toMatchObject({ ok: true, grade: "A0" });
    expect(gradeOf("device", { ...answersFor("device"), activationLockRemoved: "no" })).toMatchObject({ ok: true, grade: "A0" });
  });

  it("flags a battery below 80 % only for the sets that ask about it", () => {
    for (const set of ELECTRONIC_SETS) {
      expect(gradeOf(set, answersFor(set, { batteryHealth: "no" }))).toEqual({ ok: true, grade: "A0", batteryBelow80: true, accessoriesMissing: false });
      expect(gradeOf(set, answersFor(set, { batteryHealth: "yes" }))).toMatchObject({ batteryBelow80: false });
    }
    expect(gradeOf("device", { ...answersFor("device"), batteryHealth: "no" })).toMatchObject({ ok: true, batteryBelow80: false });
  });

  it("flags missing accessories for every device set, defective or not", () => {
    for (const set of DEVICE_SETS) {
      expect(gradeOf(set, answersFor(set, { accessories: "no" }))).toEqual({ ok: true, grade: "A0", batteryBelow80: false, accessoriesMissing: true });
      expect(gradeOf(set, answersFor(set, { accessories: "no", switchesOn: "no" }))).toMatchObject({ grade: "DEFECT", accessoriesMissing: true });
    }
  });

  it("keeps the flags apart from the grade", () => {
    expect(gradeOf("phone", answersFor("phone", { batteryHealth: "no", accessories: "no", housing: "visible" }))).toEqual({
      ok: true,
      grade: "A3",
      batteryBelow80: true,
      accessoriesMissing: true,
    });
  });

  describe("media", () => {
    it("maps like-new, very good, good and acceptable to A0–A3", () => {
      const expected = { "like-new": "A0", "very-good": "A1", good: "A2", acceptable: "A3" } as const;
      for (const [mediaCondition, grade] of Object.entries(expected)) {
        expect(gradeOf("media", { mediaComplete: "yes", mediaCondition: mediaCondition as keyof typeof expected })).toEqual({
          ok: true,
          grade,
          batteryBelow80: false,
          accessoriesMissing: false,
        });
      }
    });

    it("refuses a poor medium", () => {
      expect(gradeOf("media", { mediaComplete: "yes", mediaCondition: "poor" })).toEqual({ ok: false, refusal: "MEDIA_POOR" });
    });

    it("refuses an incomplete medium whatever its condition", () => {
      for (const mediaCondition of MEDIA_CONDITIONS) {
        expect(gradeOf("media", { mediaComplete: "no", mediaCondition })).toEqual({ ok: false, refusal: "MEDIA_INCOMPLETE" });
      }
      expect(gradeOf("media", { mediaCondition: "like-new" })).toEqual({ ok: false, refusal: "MEDIA_INCOMPLETE" });
    });

    it("treats a missing condition as poor", () => {
      expect(gradeOf("media", { mediaComplete: "yes" })).toEqual({ ok: false, refusal: "MEDIA_POOR" });
    });

    it("ignores device answers", () => {
      expect(gradeOf("media", { ...answersFor("media", { mediaCondition: "good" }), switchesOn: "no", batteryHealth: "no", accessories: "no" })).toEqual({
        ok: true,
        grade: "A2",
        batteryBelow80: false,
        accessoriesMissing: false,
      });
    });
  });
});
