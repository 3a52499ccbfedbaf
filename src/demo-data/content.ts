import type { Db } from "../db/client.ts";
import { announcements, seoBlocks } from "../db/schema/content.ts";
import { categories, categoryTranslations } from "../db/schema/catalogue.ts";
import { count, eq, inArray, isNull, or } from "drizzle-orm";
import type { Locale } from "../domain/i18n/locales.ts";
import { seedLandingPages } from "./landing-pages.ts";
import { seedDemoCustomer } from "./demo-customer.ts";
import { daysFromSeeding } from "./seed-dates.ts";

/** SEO texts of the top categories, written from one template per language. */
const SEO_TEMPLATE: Record<Locale, (name: string) => { title: string; body: string }> = {
  de: (n) => ({ title: `${n} gebraucht kaufen`, body: `${n} refurbished zu kaufen heißt: geprüfte Qualität zum fairen Preis. Jedes Produkt wird von Fachleuten getestet, gereinigt und ehrlich bewertet – von „Wie neu“ bis „Stark gebraucht“.\n\nDu wählst den Zustand, der zu dir passt, und bekommst 12 Monate Garantie, kostenlosen Versand und 30 Tage Rückgabe. Gut für deinen Geldbeutel – und für die Umwelt.` }),
  en: (n) => ({ title: `Buy refurbished ${n}`, body: `Buying refurbished ${n} means tested quality at a fair price. Every product is checked by experts, cleaned and graded honestly – from “Like new” to “Well used”.\n\nChoose the condition that suits you and get a 12-month warranty, free shipping and 30 days to return. Good for your wallet – and for the planet.` }),
  es: (n) => ({ title: `${n} reacondicionados`, body: `Comprar ${n} reacondicionados significa calidad revisada a un precio justo. Cada producto lo revisan expertos, se limpia y se clasifica con honestidad, de «Como nuevo» a «Muy usado».\n\nElige el estado que prefieras y disfruta de 12 meses de garantía, envío gratis y 30 días de devolución. Bueno para tu bolsillo y para el planeta.` }),
  fr: (n) => ({ title: `${n} reconditionnés`, body: `Acheter des ${n} reconditionnés, c’est une qualité contrôlée à prix juste. Chaque produit est vérifié par des experts, nettoyé et évalué honnêtement, de « Comme neuf » à « Très usé ».\n\nChoisissez l’état qui vous convient et profitez d’une garantie de 12 mois, de la livraison gratuite et de 30 jours pour changer d’avis. Bon pour votre budget et pour la planète.` }),
  it: (n) => ({ title: `${n} ricondizionati`, body: `Comprare ${n} ricondizionati significa qualità controllata a un prezzo giusto. Ogni prodotto viene verificato da esperti, pulito e valutato onestamente, da «Come nuovo» a «Molto usato».\n\nScegli le condizioni che preferisci e ottieni 12 mesi di garanzia, spedizione gratuita e 30 giorni per il reso. Buono per il portafoglio e per il pianeta.` }),
  nl: (n) => ({ title: `${n} refurbished kopen`, body: `${n} refurbished kopen betekent geteste kwaliteit voor een eerlijke prijs. Elk product wordt door experts gecontroleerd, schoongemaakt en eerlijk beoordeeld – van ‘Zo goed als nieuw’ tot ‘Flink gebruikt’.\n\nKies de staat die bij je past en krijg 12 maanden garantie, gratis verzending en 30 dagen bedenktijd. Goed voor je portemonnee – en voor de planeet.` }),
};

async function seedSeoBlocks(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(seoBlocks);
  if ((existing?.n ?? 0) > 0) return;
  const roots = db.select({ id: categories.id }).from(categories).where(isNull(categories.parentId));
  const rows = await db
    .select({ id: categoryTranslations.categoryId, locale: categoryTranslations.locale, name: categoryTranslations.name })
    .from(categoryTranslations)
    .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
    .where(or(isNull(categories.parentId), inArray(categories.parentId, roots)));
  if (rows.length === 0) return;
  await db.insert(seoBlocks).values(rows.map((r) => ({ identifier: `category-${r.id}`, locale: r.locale, ...SEO_TEMPLATE[r.locale as Locale](r.name) })));
}

/** Demo announcements in six languages: one running for years, one already over. */
export async function seedContent(db: Db): Promise<void> {
  await seedSeoBlocks(db);
  await seedLandingPages(db);
  await seedDemoCustomer(db);
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
