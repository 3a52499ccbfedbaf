import type { ToastVariant } from "./toasts.ts";

/** Backend flash message categories; info counts as notice. */
const FLASH_CATEGORIES = ["notice", "danger", "success", "info"] as const;
type FlashCategory = (typeof FLASH_CATEGORIES)[number];
export type FlashBag = Partial<Record<FlashCategory, string[]>>;

const VARIANT: Record<FlashCategory, ToastVariant> = { notice: "warn", info: "warn", danger: "error", success: "success" };

/** Reads a flash bag (page variable or the `flashbag` cookie's JSON); anything malformed reads as empty. */
export function parseFlashBag(raw: string | null | undefined): FlashBag {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null) return {};
  const bag: FlashBag = {};
  for (const category of FLASH_CATEGORIES) {
    const messages = (value as Record<string, unknown>)[category];
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === "string" && m.length > 0);
      // info is folded into notice.
      const target = category === "info" ? "notice" : category;
      if (texts.length) bag[target] = [...(bag[target] ?? []), ...texts];
    }
  }
  return bag;
}

/** One toast per message, in a stable order. */
export function flashToToasts(bag: FlashBag): { variant: ToastVariant; message: string; category: FlashCategory }[] {
  return FLASH_CATEGORIES.flatMap((category) => (bag[category] ?? []).map((message) => ({ variant: VARIANT[category], message, category })));
}
