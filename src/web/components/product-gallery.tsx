import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "../i18n/i18n.tsx";

interface MediaItem {
  contentType: string;
  isVideo: boolean;
  url: string;
  thumbnail: string;
}

/** Main image with thumbnails: arrow keys and swipes move through the pictures, thumbnails are buttons. */
export function ProductGallery({ media, name }: { media: MediaItem[]; name: string }) {
  const { t } = useTranslation();
  // Pictures first, then videos: a video never becomes the first thing a visitor waits for.
  const images = [...media.filter((m) => !m.isVideo), ...media.filter((m) => m.isVideo)];
  const [current, setCurrent] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const shown = images[current] ?? images[0];
  if (!shown) return <div className="aspect-square rounded-2xl bg-canvas" />;
  const go = (delta: number) => setCurrent((i) => (i + delta + images.length) % images.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") go(1);
    else if (e.key === "ArrowLeft") go(-1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => (swipeStart.current = e.clientX);
  const onPointerUp = (e: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = e.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
  };
  return (
    <div>
      <div
        className="aspect-square touch-pan-y overflow-hidden rounded-2xl bg-canvas outline-none focus-visible:ring-2 focus-visible:ring-[var(--accent)]"
        role="group"
        aria-roledescription={t("product.galleryRole")}
        aria-label={t("product.imageCounter", { index: current + 1, count: images.length })}
        tabIndex={images.length > 1 ? 0 : -1}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {shown.isVideo ? (
          <video src={shown.url} poster={shown.thumbnail} controls preload="none" className="h-full w-full object-contain" aria-label={t("product.imageAlt", { name, index: current + 1 })} />
        ) : (
          <img src={shown.url} alt={t("product.imageAlt", { name, index: current + 1 })} width={800} height={800} fetchPriority="high" draggable={false} className="h-full w-full select-none object-contain" />
        )}
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
                className={`relative h-16 w-16 overflow-hidden rounded-lg border-2 bg-canvas ${i === current ? "border-[var(--accent)]" : "border-transparent"}`}
              >
                <img src={m.thumbnail} alt="" width={64} height={64} loading="lazy" draggable={false} className="h-full w-full select-none object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
