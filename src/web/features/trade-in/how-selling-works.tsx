import { useTranslation } from "../../i18n/i18n.tsx";

const STEPS = ["describe", "offer", "ship", "paid"] as const;

/** Selling in four steps, as the start page and the empty sell cart explain it. */
export function HowSellingWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-selling-works" className="mt-10">
      <h2 id="how-selling-works" className="text-xl font-bold">
        {t("sell.how.title")}
      </h2>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, i) => (
          <li key={step} className="rounded-2xl bg-canvas p-4">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-[var(--accent)] font-bold text-white">{i + 1}</span>
            <h3 className="mt-2 font-semibold">{t(`sell.how.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-muted">{t(`sell.how.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
