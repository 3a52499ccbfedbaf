import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";

const STEPS = [
  { key: "cart", to: "/checkout/cart" },
  { key: "address", to: "/checkout/address" },
  { key: "payment", to: "/checkout/payment" },
  { key: "overview", to: "/checkout/overview" },
] as const;

/** Where the customer is on the way through the checkout; earlier steps stay reachable. */
export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]["key"] }) {
  const { t } = useTranslation();
  const at = STEPS.findIndex((s) => s.key === current);
  return (
    <nav aria-label={t("checkout.steps.label")} className="mb-6">
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {STEPS.map((step, i) => (
          <li key={step.key} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true" className="text-line">›</span>}
            {i < at ? (
              <Link to={step.to} className="text-[var(--accent)] underline">
                {t(`checkout.steps.${step.key}`)}
              </Link>
            ) : (
              <span aria-current={i === at ? "step" : undefined} className={i === at ? "font-bold" : "text-muted"}>
                {t(`checkout.steps.${step.key}`)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The foot of a checkout step's form: back to the step before, on to the next. */
export function StepActions({ back, next, busy }: { back: string; next: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-4">
      <Link to={back} className="text-sm underline">
        {t("checkout.back")}
      </Link>
      <button type="submit" disabled={busy} className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
        {next}
      </button>
    </div>
  );
}
