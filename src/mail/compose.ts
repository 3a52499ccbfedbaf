/**
 * The layout of the shop's mails: a mail is a list of blocks, written out once as plain text and
 * once as simple HTML. Every value is escaped in the HTML, so names and notes typed by customers or
 * staff can go in as they are.
 */
import { invoiceTexts } from "../documents/invoice-texts.ts";
import type { Locale } from "../domain/i18n/locales.ts";

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** One line of an item list: the name, muted details under it, and amounts on the right. */
export interface MailItem {
  name: string;
  details: string[];
  amounts: string[];
}

export interface MailRow {
  label: string;
  value: string;
  strong?: boolean;
}

export type Block =
  | { kind: "paragraph"; text: string; muted: boolean }
  | { kind: "heading"; text: string }
  | { kind: "rows"; rows: MailRow[] }
  | { kind: "items"; items: MailItem[] }
  | { kind: "lines"; lines: string[] }
  | { kind: "link"; url: string };

export const paragraph = (text: string, muted = false): Block => ({ kind: "paragraph", text, muted });
export const heading = (text: string): Block => ({ kind: "heading", text });
export const rows = (list: MailRow[]): Block => ({ kind: "rows", rows: list });
export const items = (list: MailItem[]): Block => ({ kind: "items", items: list });
/** Lines kept together without a gap: an address, the closing lines. */
export const lines = (list: string[]): Block => ({ kind: "lines", lines: list });
export const link = (url: string): Block => ({ kind: "link", url });

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** French sets a no-break space before ! ? : ; so they never start a line. */
export function typeset(text: string, locale: Locale): string {
  return locale === "fr" ? text.replace(/ ([!?:;])/g, "\u00a0$1") : text;
}

const MUTED = "color:#555";

export function compose(locale: Locale, subject: string, blocks: Block[]): ComposedMail {
  const colon = invoiceTexts(locale).colon;
  const text: string[] = [];
  const html: string[] = [`<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#111">`];
  for (const block of blocks) {
    switch (block.kind) {
      case "paragraph":
        text.push(block.text);
        html.push(`<p${block.muted ? ` style="${MUTED}"` : ""}>${escapeHtml(block.text)}</p>`);
        break;
      case "heading":
        text.push(`${block.text}\n${"-".repeat(block.text.length)}`);
        html.push(`<h3 style="margin:24px 0 8px">${escapeHtml(block.text)}</h3>`);
        break;
      case "rows":
        text.push(block.rows.map((r) => `${r.label}${colon}${r.value}`).join("\n"));
        html.push(
          `<table style="border-collapse:collapse">${block.rows
            .map((r) => {
              const weight = r.strong ? "font-weight:bold;" : "";
              return `<tr><td style="${weight}padding:2px 16px 2px 0">${escapeHtml(r.label)}</td><td style="${weight}padding:2px 0">${escapeHtml(r.value)}</td></tr>`;
            })
            .join("")}</table>`,
        );
        break;
      case "items":
        text.push(block.items.map((i) => [i.name, ...i.details.map((d) => `  ${d}`), ...i.amounts.map((a) => `  ${a}`)].join("\n")).join("\n\n"));
        html.push(
          `<table style="border-collapse:collapse;width:100%;max-width:560px">${block.items
            .map((i) => {
              const details = i.details.map((d) => `<br><span style="${MUTED}">${escapeHtml(d)}</span>`).join("");
              return (
                `<tr><td style="padding:6px 16px 6px 0;border-bottom:1px solid #ddd"><strong>${escapeHtml(i.name)}</strong>${details}</td>` +
                `<td style="padding:6px 0;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;vertical-align:top">${i.amounts.map(escapeHtml).join("<br>")}</td></tr>`
              );
            })
            .join("")}</table>`,
        );
        break;
      case "lines":
        text.push(block.lines.join("\n"));
        html.push(`<p>${block.lines.map(escapeHtml).join("<br>")}</p>`);
        break;
      case "link":
        text.push(block.url);
        html.push(`<p><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`);
        break;
    }
  }
  html.push("</body></html>");
  return { subject: typeset(subject, locale), text: `${typeset(text.join("\n\n"), locale)}\n`, html: typeset(html.join("\n"), locale) };
}
