import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { reviews } from "../db/schema/reviews.ts";
import { LOCALES, type Locale } from "../domain/i18n/locales.ts";
import { GRADES } from "../domain/catalogue/grades.ts";
import { Random } from "./random.ts";

/** Review texts by language and mood (good: 4–5 stars, mixed: 3, poor: 1–2). */
const TEXTS: Record<Locale, Record<"good" | "mixed" | "poor", string[]>> = {
  de: {
    good: ["Sieht aus wie neu und funktioniert einwandfrei. Klare Empfehlung!", "Schnelle Lieferung, super verpackt, der Zustand war sogar besser als beschrieben.", "Zum halben Preis fast wie neu – ich kaufe wieder hier."],
    mixed: ["Funktioniert gut, ein paar Kratzer mehr als erwartet.", "Alles in Ordnung, die Lieferung hat aber etwas gedauert."],
    poor: ["Leider mit deutlichen Gebrauchsspuren, der Kundendienst hat aber schnell geholfen.", "Akku hält kürzer als erhofft."],
  },
  en: {
    good: ["Looks like new and works perfectly. Highly recommended!", "Fast delivery, well packed, and in even better condition than described.", "Almost new at half the price – I will buy here again."],
    mixed: ["Works well, a few more scratches than I expected.", "All fine, but delivery took a while."],
    poor: ["Clear signs of use, sadly, but customer service helped quickly.", "The battery lasts less than I hoped."],
  },
  es: {
    good: ["Parece nuevo y funciona perfectamente. ¡Muy recomendable!", "Envío rápido, bien embalado y en mejor estado de lo descrito.", "Casi nuevo a mitad de precio: volveré a comprar aquí."],
    mixed: ["Funciona bien, pero tiene algún arañazo más de lo esperado.", "Todo correcto, aunque el envío tardó un poco."],
    poor: ["Por desgracia con marcas claras de uso, aunque atención al cliente ayudó rápido.", "La batería dura menos de lo que esperaba."],
  },
  fr: {
    good: ["Comme neuf et fonctionne parfaitement. Je recommande !", "Livraison rapide, bien emballé, et en meilleur état que décrit.", "Presque neuf à moitié prix : je rachèterai ici."],
    mixed: ["Fonctionne bien, quelques rayures de plus que prévu.", "Tout va bien, mais la livraison a pris un peu de temps."],
    poor: ["Des traces d’usure nettes, hélas, mais le service client a vite réagi.", "La batterie tient moins longtemps qu’espéré."],
  },
  it: {
    good: ["Sembra nuovo e funziona perfettamente. Consigliatissimo!", "Consegna veloce, imballo curato e condizioni migliori di quelle descritte.", "Quasi nuovo a metà prezzo: comprerò ancora qui."],
    mixed: ["Funziona bene, qualche graffio in più del previsto.", "Tutto a posto, ma la consegna ha richiesto un po’ di tempo."],
    poor: ["Purtroppo con segni d’uso evidenti, ma l’assistenza ha aiutato subito.", "La batteria dura meno di quanto sperassi."],
  },
  nl: {
    good: ["Ziet eruit als nieuw en werkt perfect. Echt een aanrader!", "Snelle levering, goed verpakt en in betere staat dan beschreven.", "Bijna nieuw voor de halve prijs – ik koop hier weer."],
    mixed: ["Werkt goed, wel een paar krasjes meer dan verwacht.", "Alles in orde, maar de levering duurde even."],
    poor: ["Helaas duidelijke gebruikssporen, maar de klantenservice hielp snel.", "De accu houdt het korter vol dan gehoopt."],
  },
};
const AUTHORS = ["Anna K.", "Lukas M.", "Sofia R.", "Jonas B.", "Marie D.", "Luca P.", "Emma V.", "Noah S.", "Clara W.", "Finn H."];

/** Reviews for the first products (at most 2,000, so benchmarks stay about the catalogue). */
export async function seedReviews(db: Db, products: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(reviews);
  if ((row?.n ?? 0) > 0) return;
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (let productId = 1; productId <= Math.min(products, 2000); productId++) {
    const r = new Random(productId * 31 + 5);
    const n = r.chance(0.15) ? 0 : r.int(1, 12);
    for (let i = 0; i < n; i++) {
      const rating = r.chance(0.7) ? r.int(4, 5) : r.chance(0.6) ? 3 : r.int(1, 2);
      const locale = r.pick(LOCALES);
      const mood = rating >= 4 ? "good" : rating === 3 ? "mixed" : "poor";
      rows.push({
        productId,
        rating,
        text: r.pick(TEXTS[locale][mood]),
        locale,
        variant: r.pick(GRADES.slice(1)),
        author: r.pick(AUTHORS),
        verifiedPurchase: r.chance(0.85),
        createdAt: new Date(Date.UTC(2025, 0, 1) + r.int(0, 650) * 86_400_000 + i * 3_600_000).toISOString(),
      });
    }
  }
  for (let start = 0; start < rows.length; start += 5000) await db.insert(reviews).values(rows.slice(start, start + 5000));
}
