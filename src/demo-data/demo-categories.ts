import type { Translated } from "../domain/i18n/locales.ts";
import type { ProductKind } from "../media/product-image.ts";

interface CategorySeed {
  id: number;
  parentId: number | null;
  rootKind: "electronics" | "media";
  name: Translated;
  kind?: ProductKind;
  isAccessory?: boolean;
  isWatchCase?: boolean;
  isWristband?: boolean;
}

const same = (name: string): Translated => ({ de: name, en: name, es: name, fr: name, it: name, nl: name });

/** The demo category tree; ids are stable (1112 iPhone: full battery; 1294/1295 MacBooks). */
export const CATEGORY_SEEDS: CategorySeed[] = [
  { id: 1, parentId: null, rootKind: "electronics", name: { de: "Elektronik", en: "Electronics", es: "Electrónica", fr: "Électronique", it: "Elettronica", nl: "Elektronica" } },
  { id: 10, parentId: 1, rootKind: "electronics", name: { de: "Smartphones", en: "Smartphones", es: "Smartphones", fr: "Smartphones", it: "Smartphone", nl: "Smartphones" } },
  { id: 1112, parentId: 10, rootKind: "electronics", kind: "smartphone", name: same("iPhone") },
  { id: 1101, parentId: 10, rootKind: "electronics", kind: "smartphone", name: same("Samsung Galaxy") },
  { id: 1102, parentId: 10, rootKind: "electronics", kind: "smartphone", name: same("Google Pixel") },
  { id: 11, parentId: 1, rootKind: "electronics", name: { de: "Tablets", en: "Tablets", es: "Tabletas", fr: "Tablettes", it: "Tablet", nl: "Tablets" } },
  { id: 1103, parentId: 11, rootKind: "electronics", kind: "tablet", name: same("iPad") },
  { id: 1104, parentId: 11, rootKind: "electronics", kind: "tablet", name: { de: "Android-Tablets", en: "Android tablets", es: "Tabletas Android", fr: "Tablettes Android", it: "Tablet Android", nl: "Android-tablets" } },
  { id: 12, parentId: 1, rootKind: "electronics", name: { de: "Laptops", en: "Laptops", es: "Portátiles", fr: "Ordinateurs portables", it: "Portatili", nl: "Laptops" } },
  { id: 1294, parentId: 12, rootKind: "electronics", kind: "laptop", name: same("MacBook Air") },
  { id: 1295, parentId: 12, rootKind: "electronics", kind: "laptop", name: same("MacBook Pro") },
  { id: 1105, parentId: 12, rootKind: "electronics", kind: "laptop", name: { de: "Windows-Laptops", en: "Windows laptops", es: "Portátiles Windows", fr: "PC portables Windows", it: "Portatili Windows", nl: "Windows-laptops" } },
  { id: 13, parentId: 1, rootKind: "electronics", name: same("Smartwatches") },
  { id: 1106, parentId: 13, rootKind: "electronics", kind: "watch-case", isWatchCase: true, name: { de: "Apple Watch Gehäuse", en: "Apple Watch cases", es: "Cajas de Apple Watch", fr: "Boîtiers Apple Watch", it: "Casse Apple Watch", nl: "Apple Watch-kasten" } },
  { id: 1107, parentId: 13, rootKind: "electronics", kind: "wristband", isWristband: true, isAccessory: true, name: { de: "Armbänder", en: "Wristbands", es: "Correas", fr: "Bracelets", it: "Cinturini", nl: "Horlogebandjes" } },
  { id: 14, parentId: 1, rootKind: "electronics", kind: "console", name: { de: "Spielkonsolen", en: "Game consoles", es: "Consolas", fr: "Consoles de jeux", it: "Console", nl: "Spelcomputers" } },
  { id: 15, parentId: 1, rootKind: "electronics", kind: "headphones", name: { de: "Kopfhörer", en: "Headphones", es: "Auriculares", fr: "Casques et écouteurs", it: "Cuffie", nl: "Koptelefoons" } },
  { id: 16, parentId: 1, rootKind: "electronics", isAccessory: true, name: { de: "Zubehör", en: "Accessories", es: "Accesorios", fr: "Accessoires", it: "Accessori", nl: "Accessoires" } },
  { id: 1108, parentId: 16, rootKind: "electronics", kind: "charger", isAccessory: true, name: { de: "Ladegeräte", en: "Chargers", es: "Cargadores", fr: "Chargeurs", it: "Caricabatterie", nl: "Opladers" } },
  { id: 1109, parentId: 16, rootKind: "electronics", kind: "cable", isAccessory: true, name: { de: "Kabel", en: "Cables", es: "Cables", fr: "Câbles", it: "Cavi", nl: "Kabels" } },
  { id: 2, parentId: null, rootKind: "media", name: { de: "Medien", en: "Media", es: "Multimedia", fr: "Médias", it: "Media", nl: "Media" } },
  { id: 20, parentId: 2, rootKind: "media", kind: "book", name: { de: "Bücher", en: "Books", es: "Libros", fr: "Livres", it: "Libri", nl: "Boeken" } },
  { id: 21, parentId: 2, rootKind: "media", kind: "cd", name: { de: "Musik-CDs", en: "Music CDs", es: "CD de música", fr: "CD de musique", it: "CD musicali", nl: "Muziek-cd's" } },
  { id: 22, parentId: 2, rootKind: "media", kind: "film", name: { de: "Filme", en: "Films", es: "Películas", fr: "Films", it: "Film", nl: "Films" } },
  { id: 23, parentId: 2, rootKind: "media", kind: "game", name: { de: "Videospiele", en: "Video games", es: "Videojuegos", fr: "Jeux vidéo", it: "Videogiochi", nl: "Videogames" } },
];

const byId = new Map(CATEGORY_SEEDS.map((c) => [c.id, c]));

/** The category and its ancestors, itself first. */
export function lineage(id: number): CategorySeed[] {
  const chain: CategorySeed[] = [];
  for (let c = byId.get(id); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) chain.push(c);
  return chain;
}

/** Which picture to draw for a product of this category. */
export function productKindOf(categoryId: number): ProductKind {
  return lineage(categoryId).find((c) => c.kind)?.kind ?? "box";
}
