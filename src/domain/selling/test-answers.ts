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

/** What inspection finds in a phone without a flaw: every check passes, a valid IMEI, data wiped. */
export const PERFECT_PHONE_CHECKLIST = {
  powersOn: "yes",
  display: "flawless",
  touch: "works",
  cameras: "works",
  buttons: "works",
  ports: "works",
  speakersMicrophone: "works",
  batteryHealthPercent: 91,
  housing: "flawless",
  waterDamage: "no",
  activationLockOff: "yes",
  imei: "490154203237518",
  dataWipe: "certified-erasure",
  accessoriesComplete: "yes",
};
