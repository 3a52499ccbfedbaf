/**
 * The condition questions a seller answers, and the grade their answers give. The cosmetic
 * options are the buy side's own grade descriptions, so a seller picks the words a buyer reads.
 */

/** Grades the shop buys in: the buy side's A0–A4, and DEFECT for a device that does not work. */
export const SELL_GRADES = ["A0", "A1", "A2", "A3", "A4", "DEFECT"] as const;
export type SellGrade = (typeof SELL_GRADES)[number];

/** Which questions a product gets, from its category. */
export const QUESTION_SETS = ["phone", "tablet", "laptop", "watch", "device", "media"] as const;
export type QuestionSet = (typeof QUESTION_SETS)[number];

const YES_NO = ["yes", "no"] as const;
/** From flawless to broken; the first five are the grades A0–A4. */
export const COSMETIC_OPTIONS = ["flawless", "faint", "light", "visible", "heavy", "broken"] as const;
export const MEDIA_CONDITIONS = ["like-new", "very-good", "good", "acceptable", "poor"] as const;

export const QUESTIONS = {
  switchesOn: YES_NO,
  fullyWorks: YES_NO,
  display: COSMETIC_OPTIONS,
  housing: COSMETIC_OPTIONS,
  batteryHealth: YES_NO,
  activationLockRemoved: YES_NO,
  waterDamage: YES_NO,
  accessories: YES_NO,
  mediaComplete: YES_NO,
  mediaCondition: MEDIA_CONDITIONS,
} as const satisfies Record<string, readonly string[]>;
export type QuestionId = keyof typeof QUESTIONS;
export type GradingAnswers = Partial<{ [K in QuestionId]: (typeof QUESTIONS)[K][number] }>;

const ELECTRONIC: QuestionId[] = ["switchesOn", "fullyWorks", "display", "housing", "batteryHealth", "activationLockRemoved", "waterDamage", "accessories"];

/** The questions of each set, in the order they are asked. */
export const QUESTIONS_OF: Record<QuestionSet, readonly QuestionId[]> = {
  phone: ELECTRONIC,
  tablet: ELECTRONIC,
  watch: ELECTRONIC,
  laptop: ELECTRONIC,
  // Consoles, headphones, accessories: no screen of their own, no battery or activation lock to check.
  device: ["switchesOn", "fullyWorks", "housing", "waterDamage", "accessories"],
  media: ["mediaComplete", "mediaCondition"],
};

/** The question set of a category, from its root kind and the kind of products it holds. */
export function questionSetOf(category: { rootKind: "electronics" | "media"; imageKind: string }): QuestionSet {
  if (category.rootKind === "media") return "media";
  switch (category.imageKind) {
    case "smartphone":
      return "phone";
    case "tablet":
      return "tablet";
    case "laptop":
      return "laptop";
    case "watch-case":
      return "watch";
    default:
      return "device";
  }
}

/** Why the shop cannot make an offer for these answers; the seller is told what to do about it. */
export type Refusal = "ACTIVATION_LOCK" | "MEDIA_INCOMPLETE" | "MEDIA_POOR";

export type GradingResult =
  | { ok: true; grade: SellGrade; batteryBelow80: boolean; accessoriesMissing: boolean }
  | { ok: false; refusal: Refusal };

export type AnswerProblem = { question: QuestionId; problem: "missing" | "invalid" | "unexpected" };

/** Every question of the set answered with one of its options, and nothing else. */
export function checkAnswers(set: QuestionSet, answers: Record<string, unknown>): AnswerProblem[] {
  const asked = new Set<string>(QUESTIONS_OF[set]);
  const problems: AnswerProblem[] = [];
  for (const question of QUESTIONS_OF[set]) {
    const value = answers[question];
    if (value === undefined || value === null) problems.push({ question, problem: "missing" });
    else if (!(QUESTIONS[question] as readonly unknown[]).includes(value)) problems.push({ question, problem: "invalid" });
  }
  for (const key of Object.keys(answers)) if (!asked.has(key)) problems.push({ question: key as QuestionId, problem: "unexpected" });
  return problems;
}

const COSMETIC_GRADE: Record<(typeof COSMETIC_OPTIONS)[number], SellGrade> = { flawless: "A0", faint: "A1", light: "A2", visible: "A3", heavy: "A4", broken: "DEFECT" };
const MEDIA_GRADE: Record<(typeof MEDIA_CONDITIONS)[number], SellGrade | null> = { "like-new": "A0", "very-good": "A1", good: "A2", acceptable: "A3", poor: null };

function worse(a: SellGrade, b: SellGrade): SellGrade {
  return SELL_GRADES.indexOf(a) >= SELL_GRADES.indexOf(b) ? a : b;
}

/** The grade the answers give (call checkAnswers first). A device that does not work is DEFECT, however it looks. */
export function gradeOf(set: QuestionSet, answers: GradingAnswers): GradingResult {
  if (set === "media") {
    if (answers.mediaComplete !== "yes") return { ok: false, refusal: "MEDIA_INCOMPLETE" };
    const grade = MEDIA_GRADE[answers.mediaCondition ?? "poor"];
    return grade ? { ok: true, grade, batteryBelow80: false, accessoriesMissing: false } : { ok: false, refusal: "MEDIA_POOR" };
  }
  // A locked device cannot be reset or resold by anyone but its owner.
  if (QUESTIONS_OF[set].includes("activationLockRemoved") && answers.activationLockRemoved !== "yes") return { ok: false, refusal: "ACTIVATION_LOCK" };
  const works = answers.switchesOn === "yes" && answers.fullyWorks === "yes" && answers.waterDamage === "no";
  let grade: SellGrade = works ? "A0" : "DEFECT";
  if (answers.housing) grade = worse(grade, COSMETIC_GRADE[answers.housing]);
  if (answers.display) grade = worse(grade, COSMETIC_GRADE[answers.display]);
  return {
    ok: true,
    grade,
    batteryBelow80: QUESTIONS_OF[set].includes("batteryHealth") && answers.batteryHealth === "no",
    accessoriesMissing: answers.accessories === "no",
  };
}
