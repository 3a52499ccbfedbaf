import { useTranslation } from "../../i18n/i18n.tsx";
import { legalHref } from "../../../domain/content/content.ts";

/** The texts a checkout's box accepts, one click away; they open beside the checkout so nothing entered is lost. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 pl-6 text-sm">
      {(["terms-and-conditions", "privacy-policy"] as const).map((type) => (
        <a key={type} href={legalHref(type)} target="_blank" rel="noopener" className="underline">
          {t(type === "terms-and-conditions" ? "legalLinks.terms" : "legalLinks.privacy")}
          <span className="sr-only"> ({t("legalLinks.newTab")})</span>
        </a>
      ))}
    </p>
  );
}
