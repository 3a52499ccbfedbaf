import { GRADES, type Grade } from "../domain/catalogue/grades.ts";

/** Scratches drawn per grade: none on NEW and A0, more the lower the grade. */
const SCRATCHES: Record<Grade, number> = { NEW: 0, A0: 0, A1: 2, A2: 5, A3: 9, A4: 15 };

/**
 * A device outline with the wear a grade allows: a picture that explains the grade without a
 * photo. Deterministic, so it caches forever.
 */
export function gradeIllustrationSvg(grade: Grade): string {
  const lines: string[] = [];
  let seed = GRADES.indexOf(grade) * 7919 + 17;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < SCRATCHES[grade]; i++) {
    const x = 70 + next() * 100;
    const y = 40 + next() * 220;
    const length = 10 + next() * (grade === "A4" ? 40 : 22);
    const angle = next() * Math.PI;
    lines.push(`<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + Math.cos(angle) * length).toFixed(1)}" y2="${(y + Math.sin(angle) * length).toFixed(1)}" stroke="#c9ccd3" stroke-width="${grade === "A4" ? 2.5 : 1.5}" stroke-linecap="round"/>`);
  }
  const box = grade === "NEW" ? `<rect x="40" y="20" width="160" height="270" rx="10" fill="none" stroke="#0b5cd5" stroke-width="3" stroke-dasharray="8 6"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 310" width="240" height="310"><title>${grade}</title><rect width="240" height="310" fill="#f6f7f9"/>${box}<rect x="60" y="30" width="120" height="250" rx="18" fill="#1f232b"/><rect x="68" y="42" width="104" height="226" rx="10" fill="#2d333d"/>${lines.join("")}</svg>`;
}
