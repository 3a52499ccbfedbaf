/** Toasts: pure state transitions; the web store applies them. */
export type ToastVariant = "success" | "error" | "warn";

export interface Toast {
  id: string;
  /** Translation keys and their parameters. */
  title: string;
  message: string;
  messageParams?: Record<string, string | number>;
  variant: ToastVariant;
  /** Stays until navigation (or until closed) instead of timing out. */
  isPersistent?: boolean;
  /** Shown once; later attempts are ignored (until suppressOnlyUntil, when set). */
  suppressAfterFirstAppearance?: boolean;
  /** ISO date-time after which a suppressed toast may show again. */
  suppressOnlyUntil?: string;
  removeAfterNavigation?: boolean;
  /** An optional link the toast offers, e.g. to change an e-mail address. */
  link?: { href: string; label: string };
}

/** A toast lives (title length + message length) × 100 ms; texts are measured as shown. */
export function toastLifetimeMs(shownTitle: string, shownMessage: string): number {
  return (shownTitle.length + shownMessage.length) * 100;
}

/** Suppressed toast ids with the moment their suppression ends (null = forever). */
export type SuppressionLedger = Record<string, string | null>;

export function isSuppressed(toast: Pick<Toast, "id">, ledger: SuppressionLedger, now: Date): boolean {
  if (!(toast.id in ledger)) return false;
  const until = ledger[toast.id];
  return until === null || until === undefined || new Date(until).getTime() > now.getTime();
}

/** Adds a toast unless it is suppressed or already shown; records its suppression when asked to. */
export function showToast(
  toasts: readonly Toast[],
  ledger: SuppressionLedger,
  toast: Toast,
  now: Date,
): { toasts: Toast[]; ledger: SuppressionLedger } {
  if (isSuppressed(toast, ledger, now) || toasts.some((t) => t.id === toast.id)) return { toasts: [...toasts], ledger };
  const nextLedger = toast.suppressAfterFirstAppearance ? { ...ledger, [toast.id]: toast.suppressOnlyUntil ?? null } : ledger;
  return { toasts: [...toasts, toast], ledger: nextLedger };
}

/** On navigation, persistent toasts and those flagged removeAfterNavigation go. */
export function afterNavigation(toasts: readonly Toast[]): Toast[] {
  return toasts.filter((t) => !t.isPersistent && !t.removeAfterNavigation);
}

/** Drops suppression entries whose time has passed, so the ledger does not grow forever. */
export function pruneLedger(ledger: SuppressionLedger, now: Date): SuppressionLedger {
  return Object.fromEntries(Object.entries(ledger).filter(([, until]) => until === null || new Date(until).getTime() > now.getTime()));
}

/** A box on the screen, in viewport pixels (what getBoundingClientRect gives). */
export interface ScreenBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

/** The toast stack's distance from the viewport's edge. */
export const TOAST_EDGE_PX = 16;

/**
 * Where the toast stack goes: at the bottom, unless a primary action in view ("Zur Kasse",
 * "Weiter zu Auszahlung und Versand", …) lies in the band the stack covers there and not in the
 * band it would cover at the top. Toasts never hide what the page asks the customer to do next.
 */
export function toastStackPlace(stack: ScreenBox, viewportHeight: number, primaryActions: readonly ScreenBox[]): "top" | "bottom" {
  const covers = (top: number) =>
    primaryActions.some((a) => a.width > 0 && a.bottom > top && a.top < top + stack.height && a.right > stack.left && a.left < stack.right);
  return covers(viewportHeight - TOAST_EDGE_PX - stack.height) && !covers(TOAST_EDGE_PX) ? "top" : "bottom";
}
