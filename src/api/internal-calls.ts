import { randomBytes } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * In-process calls from the storefront's loaders carry this per-process token, so the rate limit
 * does not count a page's API calls a second time. It never leaves the process.
 */
export const INTERNAL_HEADER = "x-reloop-internal";
export const INTERNAL_TOKEN = randomBytes(24).toString("base64url");


/**
 * What one server-side page render asks the API more than once, answered once: a page's loaders
 * call the API in-process several times (the shell's user meta, the page's own data), and each
 * call would look up the same session. The memo lives only as long as the render (nothing is
 * kept between requests, so no other instance can be out of date), and it is dropped whenever the
 * render changes something (an action's write), so what is read after a write is read anew.
 */
interface PageRender {
  memo: Map<string, Promise<unknown>>;
  /** Writes of the render under way: while one runs, every read goes to the database. */
  writing: number;
}
const renders = new AsyncLocalStorage<PageRender>();

/** Runs a page render with its own memo. */
export function withinPageRender<T>(render: () => T): T {
  return renders.run({ memo: new Map(), writing: 0 }, render);
}

/** `load()`'s answer, asked once per page render for this key; outside a render, or during its write, asked every time. */
export function oncePerPageRender<T>(key: string, load: () => Promise<T>): Promise<T> {
  const render = renders.getStore();
  if (!render || render.writing > 0) return load();
  const { memo } = render;
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    memo.set(key, answer);
    // A failure is asked again by the next caller rather than remembered.
    answer.catch(() => memo.delete(key));
  }
  return answer;
}

/**
 * A write of the render (an action's): what it read so far may no longer hold, so it is forgotten,
 * and the write itself reads without the memo (it reads, changes and reads again). The render's
 * state says so, not a context the write runs outside of: the API answers in-process calls in
 * the caller's async context, and a write is known only by its method.
 */
export async function asPageRenderWrite<T>(write: () => Promise<T>): Promise<T> {
  const render = renders.getStore();
  if (!render) return write();
  render.memo.clear();
  render.writing += 1;
  try {
    return await write();
  } finally {
    render.writing -= 1;
    render.memo.clear();
  }
}
