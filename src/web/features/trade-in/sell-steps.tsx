import { useTranslation } from "../../i18n/i18n.tsx";

const STEPS = ["questions", "cart", "checkout", "ship"] as const;

/** How selling works, and where the seller is: describe, collect offers, sell, ship. */
export function SellSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("sell.steps.label")} className="mb-6">
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {STEPS.map((step, i) => (
          <li key={step} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true" className="text-line">›</span>}
            <span aria-current={i === at ? "step" : undefined} className={i === at ? "font-bold text-[var(--accent)]" : i < at ? "" : "text-muted"}>
              {t(`sell.steps.${step}`)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
