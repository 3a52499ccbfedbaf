import { useEffect, useRef } from "react";
import { data, Link, useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/wristband-modal";
import { parseProductRef } from "../../domain/routing/paths.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Price } from "../components/price.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  try {
    return { selection: await context.api.wristbands(ref.id, context.locale) };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/**
 * The wristband choice: a real dialog over the product page with its own URL, so the back button
 * closes it; Escape and the close button return to the product too.
 */
export default function WristbandModal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { productRef } = useParams();
  const { search } = useLocation();
  const productUrl = `/${productRef}${search}`;
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const chosenHref = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("wristbandId", String(id));
    return `/${productRef}?${params.toString()}`;
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="wristband-title"
      onClose={() => navigate(productUrl, { preventScrollReset: true, replace: true })}
      className="m-auto max-h-[85vh] w-[min(40rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 backdrop:bg-black/40"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="wristband-title" className="text-xl font-bold">
          {t("wristband.title")}
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-full p-2 text-muted hover:bg-canvas" aria-label={t("wristband.close")}>
          ✕
        </button>
      </div>
      {loaderData.selection.models.map((m) => (
        <section key={m.model} className="mt-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{m.model}</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {m.bands.map((b) => (
              <li key={b.id}>
                <Link to={chosenHref(b.id)} replace preventScrollReset className="flex items-center gap-2 rounded-xl border border-line p-2 hover:border-[var(--accent)]">
                  {b.imageUrl && <img src={`${b.imageUrl}?size=thumb`} alt="" width={40} height={40} className="h-10 w-10 rounded bg-canvas" />}
                  <span className="flex-1 text-sm">
                    {b.propColor ?? b.name}
                    {b.priceMin !== null && (
                      <span className="block text-xs text-muted">
                        + <Price cents={b.priceMin} />
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </dialog>
  );
}
