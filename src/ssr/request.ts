import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyReply, FastifyRequest } from "fastify";
import { coalescingRecorder, type CachedPage } from "./page-cache.ts";

/**
 * The origin a page request is addressed to. A Host header that is no valid host name (a client's
 * mistake, or a probe) must not break the page: it falls back to localhost, and links that must be
 * absolute use PUBLIC_URL anyway.
 */
export function requestOrigin(protocol: string, host: string | undefined): string {
  if (host) {
    try {
      const origin = new URL(`${protocol}://${host}`);
      if (!origin.username && !origin.password && origin.pathname === "/" && !origin.search && !origin.hash) return origin.origin;
    } catch {
      // falls through to the default
    }
  }
  return `${protocol}://localhost`;
}

/**
 * The path and query of a request target. HTTP also allows the absolute form
 * ("GET http://host/path"); only its path and query are ours to serve.
 */
export function requestTarget(target: string): string {
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

/**
 * What a kept page's render may read of its request: what its cache key holds. Its cookies (only
 * the language and consent cookies reach a kept page), the user agent (bot or person) and the host
 * (the page's own address). Any other header, such as a Referer, would be served to every visitor
 * of the key for the next seconds.
 */
export const KEPT_PAGE_HEADERS: ReadonlySet<string> = new Set(["cookie", "host", "user-agent"]);

/** A kept page's render read a header its cache key does not hold: a bug, refused so that a test shows it. */
export class KeptPageHeaderRead extends Error {
  constructor(name: string) {
    super(`A kept page read the request header "${name}", which its cache key does not hold: read it in the browser, or keep the page per visitor`);
  }
}

/** Fastify request → web Request, with the already-read body for actions, aborted when the client leaves. */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  return webRequest(request, reply, () => true);
}

/**
 * The web Request of a page that will be kept and shared: it carries only the headers of its key
 * (of its cookies, those the key holds), and reading any other one throws (KeptPageHeaderRead), so a
 * loader cannot depend on them.
 */
export function toKeptPageRequest(request: FastifyRequest, reply: FastifyReply, cookieHeader: string): Request {
  const web = webRequest(request, reply, (name) => KEPT_PAGE_HEADERS.has(name) && name !== "cookie", cookieHeader);
  Object.defineProperty(web, "headers", { value: keyOnlyHeaders(web.headers), enumerable: true });
  return web;
}

function keyOnlyHeaders(headers: Headers): Headers {
  const checked = (name: string) => {
    if (!KEPT_PAGE_HEADERS.has(name.toLowerCase())) throw new KeptPageHeaderRead(name);
  };
  return new Proxy(headers, {
    get(target, property) {
      if (property === "get") return (name: string) => (checked(name), target.get(name));
      if (property === "has") return (name: string) => (checked(name), target.has(name));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function webRequest(request: FastifyRequest, reply: FastifyReply, passes: (name: string) => boolean, cookieHeader?: string): Request {
  // Concatenated, not resolved: a path like "//x" stays a path instead of naming another host.
  const url = new URL(`${requestOrigin(request.protocol, request.host)}${requestTarget(request.url)}`);
  const controller = new AbortController();
  // "close" follows a finished answer too: only a visitor who left before its end aborts (an abort builds an error with its stack).
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (!passes(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  if (cookieHeader) headers.set("cookie", cookieHeader);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body } : {}),
  });
}

/**
 * Web Response → Fastify reply, streaming the body in few large writes; every Set-Cookie kept
 * separate. `record` receives the whole answer once it has been sent (for the page cache).
 */
export async function sendWebResponse(reply: FastifyReply, response: Response, record?: (page: CachedPage) => void): Promise<void> {
  reply.status(response.status);
  const headers: [string, string][] = [];
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
    headers.push([key, value]);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) {
    reply.header("set-cookie", cookies);
    headers.push(["set-cookie", cookies.join("\n")]);
  }
  if (!response.body) return reply.send();
  const done = record && ((body: Buffer) => record({ status: response.status, headers, body }));
  const source = Readable.fromWeb(response.body as WebReadableStream);
  const body = coalescingRecorder(done);
  // What pipeline() would do, without the abort (and its error with a stack) pipeline() makes at every end:
  // a render that fails midway ends the reply instead of leaving it open; a reply that closes early stops the render's stream.
  source.once("error", (error) => body.destroy(error));
  body.once("close", () => source.destroy());
  return reply.send(source.pipe(body));
}

/** A kept page, as it was sent the first time but for its nonce. */
export async function sendCachedPage(reply: FastifyReply, page: CachedPage): Promise<void> {
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  return reply.send(page.body);
}
