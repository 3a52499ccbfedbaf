import { LRUCache } from "lru-cache";

/**
 * Answers shared among requests for a few seconds (ADR 9): `fetch()` runs one computation per key
 * however many requests ask at once; ages are read from the service's clock, so tests can move
 * time; `clear()` forgets them all when what they were computed from changes. A computation running
 * when they are cleared still answers its waiting requests, but is not kept.
 */
export function sharedAnswers<Answer extends object, Request>(options: {
  max: number;
  ttlMs: number;
  clock: () => Date;
  compute: (request: Request) => Promise<Answer>;
}): LRUCache<string, Answer, Request> {
  return new LRUCache<string, Answer, Request>({
    max: options.max,
    ttl: options.ttlMs,
    perf: { now: () => options.clock().getTime() },
    ttlResolution: 0,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => options.compute(context),
  });
}
