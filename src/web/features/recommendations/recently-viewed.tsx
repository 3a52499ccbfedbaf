import { useEffect, useState } from "react";
import type { RecommendationView } from "../../../api/contract.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { currentConsent } from "../../shell/consent/store.ts";
import { viewedIds } from "./viewed-products.ts";
import { SlotRow } from "./slot.tsx";

/** The home page's personal slot: what this visitor looked at last. Nothing without consent. */
export default function RecentlyViewedSlot() {
  const { t } = useTranslation();
  const [view, setView] = useState<RecommendationView | null>(null);
  useEffect(() => {
    const ids = currentConsent().preferences ? viewedIds() : [];
    if (ids.length === 0) return;
    const controller = new AbortController();
    fetch(`/api/recommendations?type=recently_viewed&fallbackType=recently_viewed&location=home&pageSize=12&allowNotInStock=1&query=${ids.join(",")}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<RecommendationView>) : null))
      .then((v) => setView(v && v.items.length ? v : null))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return view ? <SlotRow view={view} slot="home-recently-viewed" title={t("recommendations.titles.recently_viewed")} /> : null;
}
