import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { announcements } from "../schema/content.ts";

/** Demo announcements in six languages: one running for years, one already over. */
export async function seedContent(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(announcements);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(announcements).values([
    {
      text: {
        de: "Kostenloser Versand und 30 Tage Rückgabe auf alle Bestellungen.",
        en: "Free shipping and 30-day returns on every order.",
        es: "Envío gratis y 30 días de devolución en todos los pedidos.",
        fr: "Livraison gratuite et retour sous 30 jours sur toutes les commandes.",
        it: "Spedizione gratuita e reso entro 30 giorni su tutti gli ordini.",
        nl: "Gratis verzending en 30 dagen retour op elke bestelling.",
      },
      validFrom: "2025-01-01T00:00:00Z",
      validTo: "2030-12-31T23:59:59Z",
    },
    {
      text: {
        de: "Black Week: bis zu 40 % auf Smartphones.",
        en: "Black Week: up to 40% off smartphones.",
        es: "Black Week: hasta un 40 % en smartphones.",
        fr: "Black Week : jusqu’à 40 % sur les smartphones.",
        it: "Black Week: fino al 40% sugli smartphone.",
        nl: "Black Week: tot 40% korting op smartphones.",
      },
      validFrom: "2025-11-20T00:00:00Z",
      validTo: "2025-11-30T23:59:59Z",
    },
  ]);
}
