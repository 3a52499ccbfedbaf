import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Dialog, DialogCloseButton } from "../../components/dialog.tsx";

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const SCAN_INTERVAL_MS = 300;

/** The selling pages' scan: an EAN or ISBN, with the sell texts (sell.barcode). */
const PRODUCT_CODES = { formats: ["ean_13", "ean_8", "upc_a"], texts: "sell.barcode" };

/**
 * Scans a barcode with the camera, where the browser has a BarcodeDetector (Chrome on Android,
 * for instance); elsewhere the button does not appear and typing the number works. By default an
 * EAN or ISBN; `formats` and `texts` (the key of its scan, title, hint, close and noCamera texts)
 * for another code, such as a sale's label (code_128).
 */
export function BarcodeScanButton({ onCode, formats = PRODUCT_CODES.formats, texts = PRODUCT_CODES.texts, className = "h-12 rounded-full border border-line px-4 font-semibold" }: { onCode: (code: string) => void; formats?: string[]; texts?: string; className?: string }) {
  const { t } = useTranslation();
  const formatList = formats.join(",");
  const [supported, setSupported] = useState(false);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => setSupported("BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia)), []);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
        const detector = new Detector({ formats: formatList.split(",") });
        timer = setInterval(async () => {
          const [found] = video.current ? await detector.detect(video.current).catch(() => []) : [];
          if (found && !stopped) {
            stopped = true;
            setOpen(false);
            onCode(found.rawValue);
          }
        }, SCAN_INTERVAL_MS);
      } catch {
        setProblem(t(`${texts}.noCamera`));
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, onCode, t, texts, formatList]);

  if (!supported) return null;
  return (
    <>
      <button type="button" onClick={() => (setProblem(null), setOpen(true))} className={className} aria-label={t(`${texts}.scan`)}>
        <span aria-hidden="true">▦</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t(`${texts}.title`)} description={problem ?? t(`${texts}.hint`)}>
        <video ref={video} muted playsInline className="mt-4 aspect-video w-full rounded-2xl bg-black" />
        <DialogCloseButton className="mt-4 w-full rounded-full border border-line py-2 font-semibold">{t(`${texts}.close`)}</DialogCloseButton>
      </Dialog>
    </>
  );
}
