/** Browser errors go to the collector as beacons, so reporting never blocks or breaks the page. */
export function installErrorReporting(collectorUrl: string, release: string): void {
  const send = (message: string, stack?: string) => {
    const body = JSON.stringify({ kind: "client", message: message || "Unknown error", stack, url: window.location.href, release });
    if (!navigator.sendBeacon?.(collectorUrl, new Blob([body], { type: "application/json" }))) {
      void fetch(collectorUrl, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => {});
    }
  };
  window.addEventListener("error", (e) => send(e.message, e.error instanceof Error ? e.error.stack : undefined));
  window.addEventListener("unhandledrejection", (e) => {
    const reason: unknown = e.reason;
    send(reason instanceof Error ? reason.message : String(reason), reason instanceof Error ? reason.stack : undefined);
  });
}
