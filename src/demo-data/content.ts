import type { Db } from "../db/client.ts";
import { announcements } from "../db/schema/content.ts";
import { count } from "drizzle-orm";
import { seedDocuments } from "./documents/seed.ts";
import { seedLandingPages } from "./landing-pages.ts";
import { daysFromSeeding } from "./seed-dates.ts";

/**
 * Starter texts staff edit later (landing pages, legal and static documents, blog) and demo
 * announcements in six languages: one running for years, one already over. No accounts.
 */
export async function seedContent(db: Db): Promise<void> {
  await seedLandingPages(db);
  await seedDocuments(db);
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
      validFrom: daysFromSeeding(-365).toISOString(),
      validTo: daysFromSeeding(5 * 365).toISOString(),
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
      validFrom: daysFromSeeding(-40).toISOString(),
      validTo: daysFromSeeding(-30).toISOString(),
    },
  ]);
}
