import { useState } from "react";
import { useTranslation } from "../i18n/i18n.tsx";

interface MediaItem {
  contentType: string;
  isVideo: boolean;
  url: string;
  thumbnail: string;
}

/** Main image with thumbnails; thumbnails are buttons, so keyboard and touch both work. */
export function ProductGallery({ media, name }: { media: MediaItem[]; name: string }) {
  const { t } = useTranslation();
  const images = media.filter((m) => !m.isVideo);
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  if (!shown) return <div className="aspect-square rounded-2xl bg-canvas" />;
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-2xl bg-canvas">
        <img src={shown.url} alt={t("product.imageAlt", { name, index: current + 1 })} width={800} height={800} fetchPriority="high" className="h-full w-full object-contain" />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={t("product.gallery")}>
          {images.map((m, i) => (
            <li key={m.url}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={t("product.showImage", { index: i + 1 })}
                aria-pressed={i === current}
                className={`h-16 w-16 overflow-hidden rounded-lg border-2 bg-canvas ${i === current ? "border-[var(--accent)]" : "border-transparent"}`}
              >
                <img src={m.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
