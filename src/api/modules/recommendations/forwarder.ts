/** An event as forwarded: what the client sent, which endpoint took it, and when it was stored. */
type ForwardedEvent = { source: "feedback" | "personalisation"; createdAt: string } & Record<string, unknown>;
export type EventForwarder = (event: ForwardedEvent) => void;

/**
 * Sends each stored event on to RECOMMENDATION_EVENTS_URL, when set. It runs after the answer's
 * work is done and never fails or delays a request: the row in the database is the record.
 */
export function createEventForwarder(url: string | undefined): EventForwarder {
  if (!url) return () => {};
  return (event) => {
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event), signal: AbortSignal.timeout(2000) }).catch(() => {
      // A receiver that is down loses its copy only.
    });
  };
}
