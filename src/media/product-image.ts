/**
 * Generated product pictures: images are generated, never downloaded. Pure and
 * deterministic: the same input always gives the same bytes, so responses cache forever.
 * Everything is drawn on an 800×800 canvas; thumbnails scale it down.
 */

export const PRODUCT_KINDS = [
  "smartphone", "tablet", "laptop", "watch-case", "wristband", "console", "headphones",
  "charger", "cable", "book", "cd", "film", "game", "box",
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export interface ProductImageInput {
  productId: number;
  /** 0 front, 1 back, 2 side, 3 detail; other numbers wrap around. */
  index: number;
  kind: string;
  colour: string | null;
  label: string;
  size: "large" | "thumb";
}

const BG = "#f3f4f6";
const SCREEN = "#16181d";
const METAL = "#c4c6cc";
const S = ' stroke="#000" stroke-opacity=".16" stroke-width="4"';

const NAMED_COLOURS: Record<string, string> = {
  black: "#222326", silver: "#d9dadd", blue: "#3d6fa8", gold: "#e6cda4", red: "#c42a3c",
  green: "#4c7a5d", white: "#f7f7f4", purple: "#9483c4", graphite: "#55565c", midnight: "#232a36",
  starlight: "#eee4d3", pink: "#f0c3cd", yellow: "#f1d46b", grey: "#8b8c91", gray: "#8b8c91",
  "space grey": "#6f7075", "space black": "#2f2f31", "sierra blue": "#9db6cf", "pacific blue": "#2f4b5e",
  "alpine green": "#53614f", "deep purple": "#5d4c66", titanium: "#b9b3a9", "natural titanium": "#b9b3a9",
  "white titanium": "#e9e7e2", "blue titanium": "#3f4a5a", "black titanium": "#3a3b3d", cream: "#efe6d2",
  lavender: "#c5b8df", mint: "#bfe3d0", violet: "#a48bc9", obsidian: "#2b2c30", snow: "#f1f0eb",
  hazel: "#8e8c79", porcelain: "#ece5da", bay: "#7fa3c7", rose: "#e6b8b0", coral: "#ef8a78",
  turquoise: "#4cbfbe", platinum: "#dadad6", beige: "#dccfb8", champagne: "#e8d7b3", sandstone: "#d4c2a6",
  navy: "#233456", brown: "#6b4a36", charcoal: "#3c3d41", slate: "#5c6470", sapphire: "#2d4a7a",
  lime: "#cde37a", sky: "#a7c9e3", seafoam: "#a9d6c4", lemongrass: "#d9df9c", sea: "#a6c6cf",
};
const PALETTE = ["#2f5d8a", "#b5473a", "#3f7d5a", "#8a5a9e", "#c78a2c", "#2f7f86", "#6b4f3a", "#a23b62"];

/** Hex for a colour name ("Phantom Black" → black); null when the name means nothing to us. */
export function colourHex(name: string | null): string | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  const exact = NAMED_COLOURS[key];
  if (exact) return exact;
  // "Phantom Black", "Neon Red/Neon Blue": the first word we know wins, the last word first.
  const words = key.split(/[^a-z]+/).filter(Boolean).reverse();
  for (const word of words) {
    const hex = NAMED_COLOURS[word];
    if (hex) return hex;
  }
  return null;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Blends hex towards black (amount > 0) or white (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 0 : 255;
  const a = Math.abs(amount);
  return `#${rgb(hex).map((v) => Math.round(v + (target - v) * a).toString(16).padStart(2, "0")).join("")}`;
}

function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

const r = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra}/>`;
const c = (cx: number, cy: number, radius: number, fill: string, extra = "") =>
  `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${fill}"${extra}/>`;
const p = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
const ring = (colour: string, width: number) => ` stroke="${colour}" stroke-width="${width}"`;

/** Splits a label into at most `lines` lines of about `width` characters. */
function wrap(label: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${(out[lines - 1] ?? "").slice(0, width - 1)}…`;
  }
  return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
}

function text(lines: string[], x: number, y: number, size: number, fill: string, weight = 700): string {
  const spans = lines
    .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : size * 1.2}">${escapeXml(l)}</tspan>`)
    .join("");
  return `<text x="${x}" y="${y}" font-family="system-ui,sans-serif" font-size="${size}" font-weight="${weight}" text-anchor="middle" fill="${fill}">${spans}</text>`;
}

/** Grey bars standing in for printed text. */
function bars(x: number, y: number, w: number, count: number, colour: string): string {
  let d = "";
  for (let i = 0; i < count; i++) d += `M${x} ${y + i * 26}h${i % 3 === 2 ? w * 0.6 : w}v10h${-(i % 3 === 2 ? w * 0.6 : w)}z`;
  return p(d, colour, ' opacity=".45"');
}

interface Ctx {
  view: number;
  f: string;
  dark: string;
  ink: string;
  label: string;
}

type Draw = (x: Ctx) => string;

const phone: Draw = ({ view, f, dark }) =>
  [
    () => r(280, 130, 240, 500, 44, f, S) + r(294, 144, 212, 472, 32, SCREEN) + c(400, 390, 96, f, ' opacity=".5"') +
      r(365, 160, 70, 18, 9, "#000") + r(360, 596, 80, 6, 3, "#fff", ' opacity=".5"'),
    () => r(280, 130, 240, 500, 44, f, S) + r(300, 150, 104, 104, 28, dark) + c(329, 179, 18, "#111", ring("#666", 5)) +
      c(375, 225, 18, "#111", ring("#666", 5)) + c(375, 179, 7, "#ffeebb") + c(400, 390, 22, "#fff", ' opacity=".35"'),
    () => r(375, 130, 50, 500, 22, f, S) + r(367, 230, 9, 60, 3, dark) + r(367, 305, 9, 60, 3, dark) + r(424, 260, 9, 90, 3, dark),
    () => r(200, 200, 400, 400, 90, f, S) + r(240, 240, 270, 270, 64, dark) + c(318, 318, 60, "#111", ring("#777", 10)) +
      c(432, 432, 60, "#111", ring("#777", 10)) + c(432, 318, 20, "#ffeebb") + c(318, 318, 18, "#3a4a6a"),
  ][view]!();

const tablet: Draw = ({ view, f, dark }) =>
  [
    () => r(180, 170, 440, 460, 36, f, S) + r(198, 188, 404, 424, 18, SCREEN) + c(400, 400, 120, f, ' opacity=".5"'),
    () => r(180, 170, 440, 460, 36, f, S) + r(206, 196, 58, 58, 18, dark) + c(235, 225, 16, "#111", ring("#666", 4)) +
      c(400, 400, 26, "#fff", ' opacity=".35"'),
    () => r(386, 170, 28, 460, 12, f, S) + r(380, 230, 7, 50, 3, dark) + r(380, 290, 7, 50, 3, dark),
    () => r(120, 160, 560, 480, 60, f, S) + r(150, 190, 500, 420, 30, SCREEN) + c(400, 400, 140, f, ' opacity=".5"') +
      c(400, 174, 6, "#333"),
  ][view]!();

const laptop: Draw = ({ view, f, dark }) => {
  let keys = "";
  for (let row = 0; row < 4; row++) for (let col = 0; col < 10; col++) keys += `M${170 + col * 47} ${250 + row * 47}h38v38h-38z`;
  return [
    () => r(170, 160, 460, 310, 20, f, S) + r(190, 180, 420, 272, 8, SCREEN) + c(400, 316, 70, f, ' opacity=".5"') +
      p("M120 475H680L645 540H155Z", f, S) + r(360, 476, 80, 10, 5, dark),
    () => r(190, 200, 420, 300, 22, f, S) + c(400, 350, 30, "#fff", ' opacity=".35"'),
    () => p("M130 490L670 462V482L130 506Z", f, S) + r(130, 500, 540, 8, 4, dark, ' opacity=".4"'),
    () => r(130, 210, 540, 400, 30, f, S) + p(keys, dark) + r(300, 450, 200, 130, 14, shade(f, 0.08)),
  ][view]!();
};

const watch: Draw = ({ view, f, dark }) => {
  const band = shade(f, 0.25);
  const straps = r(330, 120, 140, 160, 24, band) + r(330, 520, 140, 160, 24, band);
  return [
    () => straps + r(290, 250, 220, 300, 64, f, S) + r(308, 268, 184, 264, 48, SCREEN) + r(508, 340, 18, 52, 8, dark) +
      `<path d="M400 400V340M400 400L440 420" stroke="#fff" stroke-width="8" stroke-linecap="round"/>` + c(400, 400, 74, "none", ring(f, 6)),
    () => straps + r(290, 250, 220, 300, 64, f, S) + c(400, 400, 78, "#2a2d33") + c(400, 400, 44, "#3d434c") +
      c(400, 400, 12, "#7a1f2a"),
    () => r(360, 120, 80, 160, 18, band) + r(360, 520, 80, 160, 18, band) + r(355, 250, 90, 300, 32, f, S) + r(445, 340, 16, 56, 6, dark),
    () => r(120, 160, 480, 480, 120, f, S) + r(150, 190, 420, 420, 96, SCREEN) + r(596, 330, 70, 140, 24, dark) +
      p("M610 350h40M610 380h40M610 410h40M610 440h40", "none", ring("#000", 4) + ' opacity=".3"'),
  ][view]!();
};

const wristband: Draw = ({ view, f, dark }) => {
  const holes = [0, 1, 2, 3, 4, 5].map((i) => c(400, 420 + i * 44, 9, dark)).join("");
  return [
    () => r(340, 90, 120, 620, 60, f, S) + r(326, 170, 148, 44, 14, "none", ring(METAL, 10)) + holes,
    () => r(340, 90, 120, 620, 60, f, S) + r(330, 90, 140, 34, 10, METAL) + r(330, 676, 140, 34, 10, METAL),
    () => `<ellipse cx="400" cy="400" rx="190" ry="260" fill="none" stroke="${dark}" stroke-width="76"/>` +
      `<ellipse cx="400" cy="400" rx="190" ry="260" fill="none" stroke="${f}" stroke-width="68"/>` + r(330, 120, 140, 40, 10, METAL),
    () => r(250, 80, 300, 640, 140, f, S) + r(220, 250, 360, 110, 30, "none", ring(METAL, 24)) + c(400, 520, 22, dark) +
      c(400, 610, 22, dark),
  ][view]!();
};

const consolePad = (x: number, y: number, k: number, f: string) =>
  `<g transform="translate(${x} ${y}) scale(${k})">` +
  p("M-100 -40Q0 -70 100 -40L135 50Q145 95 105 90L70 50H-70L-105 90Q-145 95-135 50Z", f, S) +
  c(-60, -5, 16, "#333") + c(60, -15, 9, "#333") + c(80, 5, 9, "#333") + c(-25, 25, 14, "#555") + c(25, 25, 14, "#555") + "</g>";

const gameConsole: Draw = ({ view, f, dark }) =>
  [
    () => r(170, 220, 460, 170, 28, f, S) + r(210, 295, 240, 8, 4, dark) + c(580, 305, 8, "#3fbf74") + consolePad(400, 540, 1, shade(f, 0.15)),
    () => r(170, 260, 460, 190, 28, f, S) + r(220, 320, 60, 40, 6, "#333") + r(300, 320, 40, 30, 4, "#333") +
      r(360, 320, 40, 30, 4, "#333") + p("M440 300h140v8h-140zM440 330h140v8h-140zM440 360h140v8h-140z", dark),
    () => r(335, 160, 130, 440, 26, f, S) + r(392, 160, 16, 440, 0, dark) + `<ellipse cx="400" cy="610" rx="110" ry="20" fill="${dark}"/>`,
    () => consolePad(400, 400, 2.3, f),
  ][view]!();

const headphones: Draw = ({ view, f, dark }) => {
  const arc = (w: number) => `<path d="M250 440A150 190 0 0 1 550 440" fill="none" stroke="${f}" stroke-width="${w}" stroke-linecap="round"/>`;
  return [
    () => arc(36) + r(190, 400, 110, 190, 48, f, S) + r(500, 400, 110, 190, 48, f, S) + r(282, 430, 22, 130, 10, dark) + r(496, 430, 22, 130, 10, dark),
    () => arc(36) + r(190, 400, 110, 190, 48, f, S) + r(500, 400, 110, 190, 48, f, S) + c(245, 495, 18, dark) + c(555, 495, 18, dark),
    () => `<path d="M300 240Q400 170 500 240" fill="none" stroke="${f}" stroke-width="36" stroke-linecap="round"/>` +
      c(400, 440, 160, f, S) + c(400, 440, 104, shade(f, 0.2)),
    () => c(400, 400, 250, f, S) + c(400, 400, 180, dark) + c(400, 400, 120, shade(dark, 0.3)),
  ][view]!();
};

const charger: Draw = ({ view, f, dark }) =>
  [
    () => r(290, 270, 220, 220, 40, f, S) + r(355, 370, 90, 26, 13, "#222"),
    () => r(350, 190, 22, 100, 6, METAL) + r(428, 190, 22, 100, 6, METAL) + r(290, 270, 220, 220, 40, f, S),
    () => r(270, 370, 100, 22, 6, METAL) + r(330, 280, 200, 200, 36, f, S) + r(530, 350, 30, 60, 8, dark),
    () => r(150, 260, 500, 280, 120, f, S) + r(230, 350, 340, 100, 50, "#222") + r(280, 390, 240, 20, 10, METAL),
  ][view]!();

const cable: Draw = ({ view, f }) => {
  const plug = (x: number, y: number) => r(x, y, 48, 90, 14, f, S) + r(x + 12, y - 34, 24, 36, 6, METAL);
  // A darker, wider stroke underneath keeps a white cable visible on the light background.
  const cord = (shape: string) => `${shape} fill="none" stroke="${shade(f, 0.2)}" stroke-width="22"/>${shape} fill="none" stroke="${f}" stroke-width="14"/>`;
  const coil = (ry: number) => [120, 160, 200].map((rx) => cord(`<ellipse cx="400" cy="420" rx="${rx}" ry="${ry * rx / 200}"`)).join("");
  return [
    () => coil(200) + plug(206, 380),
    () => cord(`<path d="M220 620C220 330 580 470 580 180"`) + plug(196, 600) + plug(556, 190),
    () => coil(90) + plug(576, 400),
    () => r(380, 600, 40, 170, 0, f, S) + r(290, 330, 220, 290, 50, f, S) + r(335, 170, 130, 180, 30, METAL) +
      r(365, 220, 70, 14, 7, "#888"),
  ][view]!();
};

/** Cases for books, CDs, films and games share a layout: a cover with the title on it. */
function cover(x: Ctx, w: number, h: number, top: string): string {
  const left = 400 - w / 2;
  const y = 400 - h / 2;
  const size = w < 300 ? 30 : 36;
  // Bold sans-serif averages about 0.6 em per character.
  const lines = wrap(x.label, Math.floor((w - 30) / (size * 0.6)), 3);
  return r(left, y, w, h, 10, x.f, S) + top + c(400, y + h * 0.62, w * 0.26, x.ink, ' opacity=".18"') +
    text(lines, 400, y + h * 0.26, size, x.ink);
}

function back(x: Ctx, w: number, h: number, base: string): string {
  const left = 400 - w / 2;
  const y = 400 - h / 2;
  return r(left, y, w, h, 10, base, S) + bars(left + 30, y + 50, w - 60, 8, x.ink) +
    p(`M${left + 30} ${y + h - 110}h6v70h-6zm14 0h3v70h-3zm10 0h8v70h-8zm16 0h3v70h-3zm10 0h6v70h-6zm14 0h10v70h-10z`, "#111");
}

const book: Draw = (x) =>
  [
    () => cover(x, 320, 480, r(240, 160, 22, 480, 6, x.dark)),
    () => back(x, 320, 480, x.f),
    () => r(360, 140, 80, 520, 6, x.f, S) + `<g transform="rotate(90 400 400)">${text(wrap(x.label, 22, 1), 400, 412, 32, x.ink)}</g>`,
    () => p("M200 300L520 240L620 420L300 480Z", x.f, S) + p("M300 480L620 420V460L300 520Z", "#fbf8f0", S) +
      p("M200 300L300 480V520L200 340Z", x.dark),
  ][x.view]!();

const cd: Draw = (x) =>
  [
    () => r(190, 190, 420, 420, 10, "#e8edf1", S) + r(206, 206, 388, 388, 4, x.f) + c(400, 470, 100, x.ink, ' opacity=".18"') +
      text(wrap(x.label, 16, 3), 400, 290, 36, x.ink),
    () => c(400, 400, 230, "#d9dee4", S) + c(400, 400, 200, "#b9c7e8", ' opacity=".35"') + c(400, 400, 70, "none", ring("#fff", 10)) + c(400, 400, 32, BG),
    () => r(375, 190, 50, 420, 6, "#e8edf1", S) + r(385, 200, 30, 400, 2, x.f),
    () => r(150, 230, 340, 340, 8, x.f, S) + c(480, 400, 200, "#d9dee4", S) + c(480, 400, 60, "none", ring("#fff", 8)) + c(480, 400, 26, BG),
  ][x.view]!();

function caseColour(label: string, kind: string): string {
  if (/blu-ray/i.test(label)) return "#1d5fb4";
  if (kind === "film") return "#1d1e22";
  if (/\bPS[45]\b|PlayStation/i.test(label)) return "#00439c";
  if (/switch/i.test(label)) return "#e60012";
  if (/xbox/i.test(label)) return "#107c10";
  return "#33343a";
}

const disc = (x: Ctx) =>
  c(400, 400, 240, "#d9dee4", S) + c(400, 400, 210, x.f, ' opacity=".6"') + c(400, 400, 70, "none", ring("#fff", 10)) + c(400, 400, 32, BG);

const mediaCase = (kind: string): Draw => (x) => {
  const band = caseColour(x.label, kind);
  return [
    () => r(250, 110, 300, 580, 16, band, S) + cover({ ...x }, 270, 500, "") + r(265, 150, 270, 40, 0, band),
    () => r(250, 110, 300, 580, 16, band, S) + back(x, 270, 500, shade(x.f, 0.5)),
    () => r(378, 110, 44, 580, 8, band, S) + r(386, 180, 28, 440, 4, x.f),
    () => (kind === "game" && /switch/i.test(x.label)
      ? r(250, 180, 300, 440, 40, "#2d2f34", S) + r(285, 230, 230, 280, 14, x.f) + r(285, 560, 230, 30, 6, METAL)
      : disc(x)),
  ][x.view]!();
};

const box: Draw = ({ view, f }) => {
  const top = shade(f, -0.25);
  const side = shade(f, 0.2);
  const cube = p("M400 190L620 300L400 410L180 300Z", top, S) + p("M180 300L400 410V640L180 530Z", f, S) + p("M400 410L620 300V530L400 640Z", side, S);
  return view % 2 === 0 ? cube : `<g transform="translate(800 0) scale(-1 1)">${cube}</g>`;
};

const DRAW: Record<ProductKind, Draw> = {
  smartphone: phone, tablet, laptop, "watch-case": watch, wristband, console: gameConsole, headphones,
  charger, cable, book, cd, film: mediaCase("film"), game: mediaCase("game"), box,
};

function isKind(kind: string): kind is ProductKind {
  return (PRODUCT_KINDS as readonly string[]).includes(kind);
}

export function productImageSvg(input: ProductImageInput): string {
  const kind = isKind(input.kind) ? input.kind : "box";
  const view = ((Math.trunc(input.index) % 4) + 4) % 4;
  const f = colourHex(input.colour) ?? PALETTE[Math.abs(Math.trunc(input.productId)) % PALETTE.length]!;
  const ctx: Ctx = { view, f, dark: shade(f, isLight(f) ? 0.35 : -0.3), ink: isLight(f) ? "#1c1d21" : "#ffffff", label: input.label };
  const content = r(0, 0, 800, 800, 0, BG) + `<ellipse cx="400" cy="720" rx="260" ry="26" fill="#000" opacity=".06"/>` + DRAW[kind](ctx);
  const px = input.size === "large" ? 800 : 160;
  const body = px === 800 ? content : `<g transform="scale(.2)">${content}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}" role="img">` +
    `<title>${escapeXml(input.label)}</title>${body}</svg>`;
}
