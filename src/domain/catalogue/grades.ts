/** Condition grades, best first. NEW is unused; A0–A4 are refurbished from like-new to visibly worn. */
export const GRADES = ["NEW", "A0", "A1", "A2", "A3", "A4"] as const;
export type Grade = (typeof GRADES)[number];
/** Grades a customer may pick through the URL: only A0 to A4. */
export const URL_SELECTABLE_GRADES = ["A0", "A1", "A2", "A3", "A4"] as const;

/** Grades that can never ship with a replaced full battery (their battery is new already). */
export function gradeHasFullBatteryOption(grade: Grade): boolean {
  return grade !== "NEW" && grade !== "A0";
}

/** The only category whose products offer the full-battery option (iPhone). */
export const FULL_BATTERY_CATEGORY_ID = 1112;
/** MacBook categories with the in-stock experiment. */
export const MACBOOK_CATEGORY_IDS = [1294, 1295] as const;

/** A grade's usual price as a share of the new price: where a grade first comes into stock, its price starts here. */
export const GRADE_PRICE_SHARE: Record<Grade, number> = { NEW: 1, A0: 0.86, A1: 0.8, A2: 0.74, A3: 0.68, A4: 0.6 };
