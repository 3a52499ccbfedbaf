import type { GradingAnswers } from "./grading.ts";

/** Test answers: a phone, tablet, laptop or watch in perfect order (grade A0), working, unlocked, flawless, with a good battery and its accessories. */
export const PERFECT_DEVICE = {
  switchesOn: "yes",
  fullyWorks: "yes",
  display: "flawless",
  housing: "flawless",
  batteryHealth: "yes",
  activationLockRemoved: "yes",
  waterDamage: "no",
  accessories: "yes",
} as const satisfies GradingAnswers;
