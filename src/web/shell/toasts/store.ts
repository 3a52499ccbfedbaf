import { useSyncExternalStore } from "react";
import { loadDeferredMessages } from "../../i18n/client-messages.ts";
import { afterNavigation, pruneLedger, showToast, type SuppressionLedger, type Toast } from "./toasts.ts";

/** Where suppressed toast ids are remembered across reloads (functional, so it needs no consent). */
const LEDGER_KEY = "reloop-toasts-suppressed";

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function readLedger(): SuppressionLedger {
  try {
    return JSON.parse(localStorage.getItem(LEDGER_KEY) ?? "{}") as SuppressionLedger;
  } catch {
    return {};
  }
}
function writeLedger(ledger: SuppressionLedger): void {
  try {
    if (Object.keys(ledger).length) localStorage.setItem(LEDGER_KEY, JSON.stringify(ledger));
    else localStorage.removeItem(LEDGER_KEY);
  } catch {
    // Storage full or blocked: suppression then lasts for this page only.
  }
}

let counter = 0;
/**
 * Shows a toast; texts are translation keys. Without an id, every call shows a new toast. Toast
 * texts are deferred texts (not needed for first paint), so the toast shows once they are there.
 */
export function toast(input: Omit<Toast, "id"> & { id?: string }): void {
  if (typeof window === "undefined") return;
  const id = input.id ?? `toast-${++counter}`;
  void loadDeferredMessages().then(() => show({ ...input, id }));
}

function show(input: Toast): void {
  const now = new Date();
  const ledger = pruneLedger(readLedger(), now);
  const next = showToast(toasts, ledger, input, now);
  if (next.ledger !== ledger) writeLedger(next.ledger);
  if (next.toasts.length !== toasts.length) {
    toasts = next.toasts;
    emit();
  }
}

export function dismissToast(id: string): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function onNavigation(): void {
  const kept = afterNavigation(toasts);
  if (kept.length !== toasts.length) {
    toasts = kept;
    emit();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const empty: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => empty);
}
