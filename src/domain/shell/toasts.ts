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
