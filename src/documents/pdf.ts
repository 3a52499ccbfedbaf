import PDFDocument from "pdfkit";
import { INTL_TAG, type Locale } from "../domain/i18n/locales.ts";

export interface PdfOptions {
  locale: Locale;
  title: string;
  author: string;
  /** The creation and modification date in the file's info. */
  date: Date;
  /** pdfkit's page options besides the A4 size. */
  page: Pick<PDFKit.PDFDocumentOptions, "margin" | "autoFirstPage" | "bufferPages">;
}

/**
 * An A4 PDF of the shop's, made by Reloop, with `draw` filling the document; its bytes collected into one buffer.
 * The same options and drawing give the same bytes. Rejects when `draw` throws.
 */
export function renderPdf(options: PdfOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      ...options.page,
      lang: INTL_TAG[options.locale],
      displayTitle: true,
      info: {
        Title: pdfText(options.title),
        Author: pdfText(options.author),
        Producer: "Reloop",
        Creator: "Reloop",
        // Fixed dates keep the bytes (and the file ID derived from them) the same for the same input.
        CreationDate: options.date,
        ModDate: options.date,
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    doc.end();
  });
}


/** Code points outside Latin-1 that the standard fonts' WinAnsi encoding still has (pdfkit maps them). */
const WIN_ANSI_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a,
  0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Letters with a stroke have no decomposition to strip, but a plain base letter all the same. */
const STROKED: Readonly<Record<string, string>> = { "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "ħ": "h", "Ħ": "H" };

function winAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);
}

/**
 * Text that Helvetica without embedded fonts can show: other letters lose their accents or stroke, anything else becomes ?,
 * and the narrow spaces and minus signs Intl may put into amounts become WinAnsi ones.
 */
export function pdfText(text: string): string {
  const normalized = text.normalize("NFC").replace(/[\u2007\u2009\u202f]/g, "\u00a0").replace(/\u2212/g, "-").replace(/\p{Cc}/gu, " ");
  return Array.from(normalized, (char) => {
    if (winAnsi(char)) return char;
    const stroked = STROKED[char];
    if (stroked) return stroked;
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    return base !== "" && Array.from(base).every(winAnsi) ? base : "?";
  }).join("");
}

/** The labels' shades: text and what is said in passing. */
export const LABEL_TEXT = "#111111";
export const LABEL_MUTED = "#555555";
export type LabelTextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

/** Text in a font, size and colour (Helvetica 10 pt, dark by default), its characters made printable. */
export function drawText(doc: PDFKit.PDFDocument, value: string, x: number, y: number, options: LabelTextOptions = {}): void {
  const { font = "Helvetica", size = 10, color = LABEL_TEXT, ...textOptions } = options;
  doc.font(font).fontSize(size).fillColor(color).text(pdfText(value), x, y, textOptions);
}

/** A dashed line across the page at `y` with its caption above it: where a label is cut from its packing slip. */
export function drawCutLine(doc: PDFKit.PDFDocument, y: number, caption: string): void {
  doc.save();
  doc.moveTo(12, y).lineTo(doc.page.width - 12, y).dash(5, { space: 4 }).lineWidth(0.8).strokeColor(LABEL_MUTED).stroke();
  doc.restore();
  doc.undash();
  drawText(doc, caption, 0, y - 12, { size: 7.5, color: LABEL_MUTED, width: doc.page.width, align: "center", lineBreak: false });
}
