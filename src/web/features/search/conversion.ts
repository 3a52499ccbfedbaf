const CONVERSION_CLICK_PATH = "/api/search/conversion-clicks";

/** api_search_conversion_click as a beacon: it survives the navigation the click starts. */
export function sendConversionClick(productId: number, searchUuid: string): void {
  const body = new Blob([JSON.stringify({ productId, searchUuid })], { type: "application/json" });
  if (typeof navigator !== "undefined" && navigator.sendBeacon?.(CONVERSION_CLICK_PATH, body)) return;
  void fetch(CONVERSION_CLICK_PATH, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => undefined);
}
