import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Link, useLocation } from "react-router";
import { toastLifetimeMs, type Toast } from "../../../domain/shell/toasts.ts";
import { dismissToast, onNavigation, useToasts } from "./store.ts";

const STYLE: Record<Toast["variant"], string> = {
  success: "border-green-accent bg-white",
  error: "border-red-700 bg-white",
  warn: "border-amber-500 bg-white",
};

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const title = t(item.title, { ...item.messageParams, defaultValue: item.title });
  const message = t(item.message, { ...item.messageParams, defaultValue: item.message });
  useEffect(() => {
    if (item.isPersistent) return;
    const timer = setTimeout(() => dismissToast(item.id), toastLifetimeMs(title, message));
    return () => clearTimeout(timer);
  }, [item.id, item.isPersistent, title, message]);
  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 p-4 shadow-lg ring-1 ring-black/5 ${STYLE[item.variant]}`}
      data-variant={item.variant}
      role={item.variant === "error" ? "alert" : "status"}
    >
      <div className="flex-1 text-sm">
        {title && <p className="font-semibold">{title}</p>}
        {message && <p className="mt-0.5 text-muted">{message}</p>}
        {item.link && (
          <Link to={item.link.href} className="mt-1 inline-block font-semibold text-[var(--accent)] underline">
            {t(item.link.label)}
          </Link>
        )}
      </div>
      <button type="button" onClick={() => dismissToast(item.id)} className="rounded p-1 text-muted hover:text-ink" aria-label={t("toasts.close")}>
        ✕
      </button>
    </li>
  );
}

/** The toast stack, announced to screen readers; persistent toasts go when the page changes. */
export function Toaster() {
  const toasts = useToasts();
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onNavigation();
  }, [location.pathname]);
  return (
    <ol aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-md flex-col gap-2 px-4">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </ol>
  );
}
