/** Parts of a text, marked where a word starts with one of the search terms (case-insensitive): what highlighting shows. */
export function highlightParts(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const wanted = terms.filter((t) => t.length > 0).map((t) => t.toLowerCase());
  if (wanted.length === 0) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const push = (t: string, match: boolean) => {
    if (!t) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += t;
    else parts.push({ text: t, match });
  };
  for (const token of text.split(/([\p{L}\p{N}]+)/u)) {
    const lower = token.toLowerCase();
    const term = wanted.filter((w) => lower.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (term && /[\p{L}\p{N}]/u.test(token)) {
      push(token.slice(0, term.length), true);
      push(token.slice(term.length), false);
    } else push(token, false);
  }
  return parts;
}
