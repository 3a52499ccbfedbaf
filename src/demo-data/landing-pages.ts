import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { landingPages } from "../db/schema/content.ts";

type Page = typeof landingPages.$inferInsert;

/** The demo's curated lists, in six languages. */
const DEMO_LANDING_PAGES: Page[] = [
  {
    kind: "landing",
    slug: "sale",
    filters: { onSale: true, inStock: true },
    title: { de: "Sale", en: "Sale", es: "Rebajas", fr: "Soldes", it: "Saldi", nl: "Sale" },
    intro: {
      de: "Geprüfte Geräte und Medien, jetzt noch günstiger – solange der Vorrat reicht.",
      en: "Tested devices and media, now even cheaper – while stocks last.",
      es: "Dispositivos y productos multimedia revisados, ahora aún más baratos, hasta agotar existencias.",
      fr: "Appareils et produits culturels contrôlés, encore moins chers – dans la limite des stocks.",
      it: "Dispositivi e prodotti multimediali controllati, ora ancora più convenienti, fino a esaurimento scorte.",
      nl: "Geteste apparaten en media, nu nog voordeliger – zolang de voorraad strekt.",
    },
  },
  {
    kind: "landing",
    slug: "apple",
    filters: { brand: ["Apple"], inStock: true },
    title: { de: "Apple refurbished", en: "Refurbished Apple", es: "Apple reacondicionado", fr: "Apple reconditionné", it: "Apple ricondizionato", nl: "Refurbished Apple" },
    intro: {
      de: "iPhone, iPad, MacBook und Apple Watch – geprüft, mit 12 Monaten Garantie.",
      en: "iPhone, iPad, MacBook and Apple Watch – tested, with a 12-month warranty.",
      es: "iPhone, iPad, MacBook y Apple Watch, revisados y con 12 meses de garantía.",
      fr: "iPhone, iPad, MacBook et Apple Watch – contrôlés, garantis 12 mois.",
      it: "iPhone, iPad, MacBook e Apple Watch, controllati e con 12 mesi di garanzia.",
      nl: "iPhone, iPad, MacBook en Apple Watch – getest, met 12 maanden garantie.",
    },
  },
  {
    kind: "theme",
    slug: "gaming",
    filters: { categoryIds: [14, 23], inStock: true },
    title: { de: "Gaming", en: "Gaming", es: "Gaming", fr: "Gaming", it: "Gaming", nl: "Gaming" },
    intro: {
      de: "Konsolen und Spiele für jedes Budget.",
      en: "Consoles and games for every budget.",
      es: "Consolas y videojuegos para todos los bolsillos.",
      fr: "Consoles et jeux pour tous les budgets.",
      it: "Console e videogiochi per ogni budget.",
      nl: "Consoles en games voor elk budget.",
    },
  },
  {
    kind: "theme",
    slug: "home-office",
    filters: { categoryIds: [12, 15], inStock: true },
    title: { de: "Homeoffice", en: "Home office", es: "Teletrabajo", fr: "Télétravail", it: "Smart working", nl: "Thuiswerken" },
    intro: {
      de: "Laptops und Kopfhörer für konzentriertes Arbeiten zu Hause.",
      en: "Laptops and headphones for focused work at home.",
      es: "Portátiles y auriculares para trabajar concentrado en casa.",
      fr: "Ordinateurs portables et casques pour travailler sereinement chez soi.",
      it: "Portatili e cuffie per lavorare concentrati da casa.",
      nl: "Laptops en koptelefoons om thuis geconcentreerd te werken.",
    },
  },
  {
    kind: "promo",
    slug: "black-week",
    filters: { categoryId: 10, onSale: true },
    title: { de: "Black Week: Smartphones", en: "Black Week: smartphones", es: "Black Week: smartphones", fr: "Black Week : smartphones", it: "Black Week: smartphone", nl: "Black Week: smartphones" },
    intro: {
      de: "Unsere besten Smartphone-Angebote der Woche.",
      en: "Our best smartphone deals of the week.",
      es: "Nuestras mejores ofertas de smartphones de la semana.",
      fr: "Nos meilleures offres smartphones de la semaine.",
      it: "Le nostre migliori offerte di smartphone della settimana.",
      nl: "Onze beste smartphonedeals van de week.",
    },
  },
];

export async function seedLandingPages(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(landingPages);
  if ((row?.n ?? 0) === 0) await db.insert(landingPages).values(DEMO_LANDING_PAGES);
}
