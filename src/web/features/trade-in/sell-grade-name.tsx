import { useTranslation } from "../../i18n/i18n.tsx";

/** A sell grade in words: A0–A4 as the buy side names them, DEFECT as defective. */
export function SellGradeName({ grade }: { grade: string }) {
  const { t } = useTranslation();
  return <>{grade === "DEFECT" ? t("sell.grades.DEFECT") : t(`grades.${grade}.name`)}</>;
}
