import MarkdownIt from "markdown-it";

/** Link targets allowed in content: the web, mail, and our own paths and anchors. Anything else (javascript:, data:, vbscript:) is dropped. */
const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

// Raw HTML is off, so a <script> or an onerror= in the text arrives as text, never as markup.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
md.validateLink = (url) => SAFE_LINK.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  // Links leaving the shop neither pass on the page's authority nor get a handle on it.
  if (/^https?:/i.test(String(token.attrGet("href") ?? ""))) token.attrSet("rel", "nofollow noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** A document's Markdown as HTML that is safe to put into a page as it is. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}
