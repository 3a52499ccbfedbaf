const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface AtomEntry {
  url: string;
  title: string;
  author: string | null;
  summary: string;
  html: string;
  published: string;
  updated: string;
}

/** An Atom 1.0 feed (RFC 4287): the blog's newest articles with their full text. */
export function atomFeed(feed: { id: string; selfUrl: string; siteUrl: string; title: string; language: string; fallbackAuthor: string; entries: readonly AtomEntry[] }): string {
  const updated = feed.entries.reduce((latest, e) => (e.updated > latest ? e.updated : latest), "1970-01-01T00:00:00.000Z");
  const entries = feed.entries.map(
    (e) =>
      `<entry><id>${escape(e.url)}</id><title>${escape(e.title)}</title><link rel="alternate" type="text/html" href="${escape(e.url)}"/>` +
      `<author><name>${escape(e.author ?? feed.fallbackAuthor)}</name></author><published>${e.published}</published><updated>${e.updated}</updated>` +
      `<summary>${escape(e.summary)}</summary><content type="html">${escape(e.html)}</content></entry>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escape(feed.language)}">`,
    `<id>${escape(feed.id)}</id><title>${escape(feed.title)}</title><updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escape(feed.selfUrl)}"/><link rel="alternate" type="text/html" href="${escape(feed.siteUrl)}"/>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}
