import { useEffect, useLayoutEffect, type RefObject } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { toastLifetimeMs, toastStackPlace, type Toast } from "./toasts.ts";
import { dismissToast } from "./store.ts";

/*
 * The toasts themselves, loaded when the first one shows (most pages never show one): each toast,
 * and where the stack stands so that it never covers the page's primary action.
 */

const STYLE: Record<Toast["variant"], string> = {
  success: "border-green-accent bg-white",
  error: "border-red-700 bg-white",
  warn: "border-amber-500 bg-white",
};

/** What a page marks as its one primary action ("Zur Kasse", "Weiter zu Auszahlung und Versand", …): toasts keep off it. */
const PRIMARY_ACTION = "[data-primary-action]";

function useClearOfPrimaryActions(region: RefObject<HTMLOListElement | null>, count: number): void {
  useLayoutEffect(() => {
    const stack = region.current;
    if (!stack) return;
    const update = () => {
      const actions = [...document.querySelectorAll(PRIMARY_ACTION)].map((a) => a.getBoundingClientRect());
      stack.dataset.place = toastStackPlace(stack.getBoundingClientRect(), window.innerHeight, actions);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [region, count]);
}

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

export default function ToastItems({ toasts, region }: { toasts: Toast[]; region: RefObject<HTMLOListElement | null> }) {
  useClearOfPrimaryActions(region, toasts.length);
  return toasts.map((item) => <ToastItem key={item.id} item={item} />);
}
