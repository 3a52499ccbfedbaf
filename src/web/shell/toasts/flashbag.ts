import type { Toast, ToastVariant } from "./toasts.ts";

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

/**
 * Links some flash messages offer, by message key: the bag stays a list of texts (its cookie is
 * read from the client), and a link can only ever point where this table says.
 */
const FLASH_LINKS: Record<string, NonNullable<Toast["link"]>> = {
  "blue.buyAlert.flash.addedProduct": { href: "/buy-alerts", label: "blue.buyAlert.flash.toList" },
  "blue.buyAlert.flash.addedVariants": { href: "/buy-alerts", label: "blue.buyAlert.flash.toList" },
};

/** One toast per message, in a stable order; a link to the page the reader is on is left out. */
export function flashToToasts(bag: FlashBag, pathname?: string): { variant: ToastVariant; message: string; category: FlashCategory; link?: Toast["link"] }[] {
  return FLASH_CATEGORIES.flatMap((category) =>
    (bag[category] ?? []).map((message) => {
      const link = Object.hasOwn(FLASH_LINKS, message) ? FLASH_LINKS[message] : undefined;
      return { variant: VARIANT[category], message, category, ...(link && link.href !== pathname ? { link } : {}) };
    }),
  );
}
