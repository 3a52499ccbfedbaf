import { Transform, type TransformCallback } from "node:stream";
import { LRUCache } from "lru-cache";
import { parseCookie } from "cookie";
import { languageCookieName } from "../domain/i18n/locales.ts";
import { sharedWithEveryone } from "../domain/routing/shared-pages.ts";
import { newNonce } from "../web/shell/nonce.ts";

/** How long a rendered page is shared: as long as list answers (ADR 9), so a page is never older than its lists. */
export const PAGE_CACHE_TTL_MS = 5_000;
/** Pages larger than this are not kept: a cache of a few hundred typical pages, not of outliers. */
const MAX_PAGE_BYTES = 512 * 1024;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
/** Cookie values as the browser sent them: the key and the next request carry them unchanged. */
export const asSent = (value: string) => value;

export interface PageRequest {
  method: string;
  /** Path and query as requested. */
  url: string;
  /** The Host the page was asked of: the page's own address (request.url) is built from it. */
  host: string;
  cookieHeader: string | undefined;
  locale: string;
  /** Bots get the whole document at once, people a stream: different bytes. */
  bot: boolean;
  /** Anything else the page's loaders read from the request (experiment buckets). */
  variant: string;
}

/**
 * Who a kept page is for. A visitor with a cart or a session gets the page everyone gets and the
 * browser asks for the personal parts after it arrives; a customer's copy already has the
 * customer's header (alerts, account), so nothing moves when the counts come in.
 */
export type KeptPageVisitor = "anonymous" | "cart" | "customer";

export interface PageKey {
  key: string;
  visitor: KeptPageVisitor;
  /** The cookies the page may read: those its key holds (language, consent). */
  cookieHeader: string;
}

/** The cookies that make a visitor personal without changing what a shared page says to them. */
export interface PersonalCookies {
  session: string;
  cart: string;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

interface StoredPage extends CachedPage {
  nonce: string;
  /** The body cut at each occurrence of the nonce: served by joining the pieces around a new one, with no text decoded or encoded. */
  bodyAroundNonce: Buffer[];
}

/**
 * Whole pages for visitors the page says nothing personal to: no flash message and only the
 * language and consent cookies (whose values are part of the key) — or, on pages shared with
 * everyone (domain/routing/shared-pages), a session or cart cookie too, whose personal parts the
 * browser fills in. Each page is rendered once per key and 5 seconds, then served with a fresh
 * CSP nonce, the only value of a page that is per response. Invalidation: the 5 seconds, and
 * `clear()` whenever the API changes something (stock, prices, content) in this process.
 */
export function createPageCache(productName: string, options: { maxBytes?: number; now?: () => number; personalCookies?: PersonalCookies } = {}) {
  const neutralCookies = new Set([languageCookieName(productName), `${productName}-consent`]);
  const personal = options.personalCookies;
  const pages = new LRUCache<string, StoredPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => page.body.length + 512,
    ttl: PAGE_CACHE_TTL_MS,
    ttlAutopurge: false,
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  let hits = 0;
  let misses = 0;

  return {
    /** The key a page is kept under, or null when this request's page may be personal. */
    keyOf(request: PageRequest): PageKey | null {
      if (request.method !== "GET" || request.url.includes(".data")) return null;
      const cookies: string[] = [];
      let session = false;
      let cart = false;
      for (const [name, value] of Object.entries(parseCookie(request.cookieHeader ?? "", { decode: asSent }))) {
        if (neutralCookies.has(name)) cookies.push(`${name}=${value}`);
        else if (name === personal?.session) session = true;
        else if (name === personal?.cart) cart = true;
        else return null;
      }
      if ((session || cart) && !sharedWithEveryone(pathOf(request.url))) return null;
      const visitor: KeptPageVisitor = session ? "customer" : cart ? "cart" : "anonymous";
      const cookieHeader = cookies.sort().join("; ");
      return { key: [request.host, request.url, request.locale, request.bot ? "bot" : "person", request.variant, visitor, cookieHeader].join("\n"), visitor, cookieHeader };
    },

    /** The kept page under a new nonce, or undefined. */
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      const nonce = newNonce();
      const nonceBytes = Buffer.from(nonce, "latin1");
      return {
        status: page.status,
        headers: page.headers.map(([name, value]) => [name, value.split(page.nonce).join(nonce)]),
        body: Buffer.concat(page.bodyAroundNonce.flatMap((piece, index) => (index === 0 ? [piece] : [nonceBytes, piece]))),
      };
    },

    /**
     * Keeps a page once its body has been sent in full. Only complete 200 HTML answers that set
     * no cookie and carry their nonce in the CSP are kept.
     */
    store(key: string, page: CachedPage): void {
      if (page.status !== 200 || page.body.length > MAX_PAGE_BYTES) return;
      const header = (name: string) => page.headers.find(([n]) => n === name)?.[1];
      if (header("set-cookie") !== undefined || !header("content-type")?.startsWith("text/html")) return;
      const nonce = NONCE_IN_CSP.exec(header("content-security-policy") ?? "")?.[1];
      if (!nonce) return;
      pages.set(key, { ...page, nonce, bodyAroundNonce: cutAt(page.body, Buffer.from(nonce, "latin1")) });
    },

    clear(): void {
      pages.clear();
    },

    stats(): { hits: number; misses: number; pages: number } {
      return { hits, misses, pages: pages.size };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** `bytes` in the pieces between the occurrences of `separator` (as String.split does for text). */
function cutAt(bytes: Buffer, separator: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    pieces.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Passes a page's body on in fewer, larger writes (React writes many small chunks; each would be
 * a socket write) and hands the whole body to `done` at the end, for the page cache. The answer's
 * end goes in a write of its own: a socket corked for the last data would wait forever for a page
 * larger than it takes at once (the pipe waits for a drain the corked socket never gives).
 */
export function coalescingRecorder(done?: (body: Buffer) => void): Transform {
  const all: Buffer[] = [];
  let pending: Buffer[] = [];
  let scheduled = false;
  let ended = false;
  const flush = (stream: Transform) => {
    scheduled = false;
    if (ended || pending.length === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      if (done) all.push(buffer);
      pending.push(buffer);
      if (!scheduled) {
        scheduled = true;
        // Everything React writes in one go goes out together.
        setImmediate(() => flush(this));
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (pending.length > 0) this.push(Buffer.concat(pending));
      pending = [];
      ended = true;
      done?.(Buffer.concat(all));
      callback();
    },
  });
}
