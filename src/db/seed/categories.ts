import type { ProductImageInput, ProductKind } from "../../domain/catalogue/product-image.ts";
import { LOCALES, type Locale, type Translated } from "../../domain/i18n/locales.ts";
import { slugify } from "../../domain/routing/paths.ts";

/** One category of the demo tree. Ids are stable: URLs, tests and SPEC rules (1112, 1294, 1295) rely on them. */
export interface SeedCategory {
  id: number;
  parentId: number | null;
  rootKind: "electronics" | "media";
  isAccessory: boolean;
  isWatchCase: boolean;
  isWristband: boolean;
  /** The picture drawn for its products; children inherit it. */
  kind: ProductKind | null;
  names: Translated;
}

type Flags = Partial<Pick<SeedCategory, "isAccessory" | "isWatchCase" | "isWristband" | "kind">>;
/** Names in LOCALES order: de, en, es, fr, it, nl. */
type Names = [string, string, string, string, string, string];

const ELECTRONICS = 1;
const MEDIA = 2;

export const IPHONE_CATEGORY_ID = 1112;
export const MACBOOK_AIR_CATEGORY_ID = 1294;
export const MACBOOK_PRO_CATEGORY_ID = 1295;
export const WATCH_CASE_CATEGORY_ID = 1310;
export const WRISTBAND_CATEGORY_ID = 1311;
export const CHARGER_CATEGORY_ID = 1610;
export const CABLE_CATEGORY_ID = 1611;

const TREE: [id: number, parentId: number | null, names: Names, flags?: Flags][] = [
  [ELECTRONICS, null, ["Elektronik", "Electronics", "Electrónica", "Électronique", "Elettronica", "Elektronica"]],
  [1100, ELECTRONICS, ["Smartphones", "Smartphones", "Smartphones", "Smartphones", "Smartphone", "Smartphones"], { kind: "smartphone" }],
  [1112, 1100, ["iPhone", "iPhone", "iPhone", "iPhone", "iPhone", "iPhone"]],
  [1113, 1100, ["Samsung Galaxy", "Samsung Galaxy", "Samsung Galaxy", "Samsung Galaxy", "Samsung Galaxy", "Samsung Galaxy"]],
  [1114, 1100, ["Google Pixel", "Google Pixel", "Google Pixel", "Google Pixel", "Google Pixel", "Google Pixel"]],
  [1200, ELECTRONICS, ["Tablets", "Tablets", "Tabletas", "Tablettes", "Tablet", "Tablets"], { kind: "tablet" }],
  [1210, 1200, ["iPad", "iPad", "iPad", "iPad", "iPad", "iPad"]],
  [1211, 1200, ["Samsung Galaxy Tab", "Samsung Galaxy Tab", "Samsung Galaxy Tab", "Samsung Galaxy Tab", "Samsung Galaxy Tab", "Samsung Galaxy Tab"]],
  [1290, ELECTRONICS, ["Laptops", "Laptops", "Portátiles", "Ordinateurs portables", "Portatili", "Laptops"], { kind: "laptop" }],
  [1294, 1290, ["MacBook Air", "MacBook Air", "MacBook Air", "MacBook Air", "MacBook Air", "MacBook Air"]],
  [1295, 1290, ["MacBook Pro", "MacBook Pro", "MacBook Pro", "MacBook Pro", "MacBook Pro", "MacBook Pro"]],
  [1296, 1290, ["Windows-Laptops", "Windows laptops", "Portátiles Windows", "PC portables Windows", "Portatili Windows", "Windows-laptops"]],
  [1300, ELECTRONICS, ["Smartwatches", "Smartwatches", "Relojes inteligentes", "Montres connectées", "Smartwatch", "Smartwatches"], { kind: "watch-case" }],
  [1310, 1300, ["Apple Watch Gehäuse", "Apple Watch cases", "Cajas de Apple Watch", "Boîtiers Apple Watch", "Casse Apple Watch", "Apple Watch-kasten"], { isWatchCase: true }],
  [1311, 1300, ["Armbänder", "Watch bands", "Correas", "Bracelets", "Cinturini", "Horlogebandjes"], { isWristband: true, isAccessory: true, kind: "wristband" }],
  [1312, 1300, ["Weitere Smartwatches", "Other smartwatches", "Otros relojes inteligentes", "Autres montres connectées", "Altri smartwatch", "Overige smartwatches"]],
  [1400, ELECTRONICS, ["Spielkonsolen", "Consoles", "Consolas", "Consoles de jeux", "Console", "Spelcomputers"], { kind: "console" }],
  [1410, 1400, ["PlayStation", "PlayStation", "PlayStation", "PlayStation", "PlayStation", "PlayStation"]],
  [1411, 1400, ["Xbox", "Xbox", "Xbox", "Xbox", "Xbox", "Xbox"]],
  [1412, 1400, ["Nintendo", "Nintendo", "Nintendo", "Nintendo", "Nintendo", "Nintendo"]],
  [1500, ELECTRONICS, ["Kopfhörer", "Headphones", "Auriculares", "Casques et écouteurs", "Cuffie", "Koptelefoons"], { kind: "headphones" }],
  [1600, ELECTRONICS, ["Zubehör", "Accessories", "Accesorios", "Accessoires", "Accessori", "Accessoires"], { isAccessory: true }],
  [1610, 1600, ["Ladegeräte", "Chargers", "Cargadores", "Chargeurs", "Caricabatterie", "Opladers"], { isAccessory: true, kind: "charger" }],
  [1611, 1600, ["Kabel", "Cables", "Cables", "Câbles", "Cavi", "Kabels"], { isAccessory: true, kind: "cable" }],
  [MEDIA, null, ["Medien", "Media", "Multimedia", "Médias", "Media", "Media"]],
  [2100, MEDIA, ["Bücher", "Books", "Libros", "Livres", "Libri", "Boeken"], { kind: "book" }],
  [2110, 2100, ["Romane", "Fiction", "Novela", "Romans", "Narrativa", "Romans"]],
  [2111, 2100, ["Sachbücher", "Non-fiction", "No ficción", "Essais et documents", "Saggistica", "Non-fictie"]],
  [2112, 2100, ["Kinderbücher", "Children's books", "Libros infantiles", "Livres pour enfants", "Libri per bambini", "Kinderboeken"]],
  [2200, MEDIA, ["Musik-CDs", "Music CDs", "CD de música", "CD audio", "CD musicali", "Muziek-cd's"], { kind: "cd" }],
  [2210, 2200, ["Pop & Rock", "Pop & rock", "Pop y rock", "Pop et rock", "Pop e rock", "Pop en rock"]],
  [2211, 2200, ["Klassik", "Classical", "Clásica", "Classique", "Classica", "Klassiek"]],
  [2300, MEDIA, ["Filme", "Films", "Películas", "Films", "Film", "Films"], { kind: "film" }],
  [2310, 2300, ["DVD", "DVD", "DVD", "DVD", "DVD", "Dvd"]],
  [2311, 2300, ["Blu-ray", "Blu-ray", "Blu-ray", "Blu-ray", "Blu-ray", "Blu-ray"]],
  [2400, MEDIA, ["Videospiele", "Video games", "Videojuegos", "Jeux vidéo", "Videogiochi", "Videogames"], { kind: "game" }],
  [2410, 2400, ["PlayStation-Spiele", "PlayStation games", "Juegos de PlayStation", "Jeux PlayStation", "Giochi PlayStation", "PlayStation-games"]],
  [2411, 2400, ["Nintendo-Switch-Spiele", "Nintendo Switch games", "Juegos de Nintendo Switch", "Jeux Nintendo Switch", "Giochi Nintendo Switch", "Nintendo Switch-games"]],
];

const byId = new Map<number, SeedCategory>();

export const CATEGORIES: readonly SeedCategory[] = TREE.map(([id, parentId, names, flags = {}]) => {
  const parent = parentId === null ? undefined : byId.get(parentId);
  if (parentId !== null && !parent) throw new Error(`category ${id}: parent ${parentId} must come first`);
  const category: SeedCategory = {
    id,
    parentId,
    rootKind: (parent?.rootKind ?? (id === MEDIA ? "media" : "electronics")),
    isAccessory: flags.isAccessory ?? false,
    isWatchCase: flags.isWatchCase ?? false,
    isWristband: flags.isWristband ?? false,
    kind: flags.kind ?? parent?.kind ?? null,
    names: Object.fromEntries(LOCALES.map((locale, i) => [locale, names[i]])) as Translated,
  };
  byId.set(id, category);
  return category;
});

export function categoryById(id: number): SeedCategory | undefined {
  return byId.get(id);
}

/** The category and its ancestors, root first: the products' group_ids. */
export function ancestorIds(id: number): number[] {
  const ids: number[] = [];
  for (let c = byId.get(id); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) ids.unshift(c.id);
  return ids;
}

/** "elektronik/smartphones/iphone": slugs of the root down to the category. */
export function categoryPath(id: number, locale: Locale): string {
  return ancestorIds(id)
    .map((a) => slugify(byId.get(a)!.names[locale]))
    .join("/");
}

/** Categories that hold products (those without children). */
export const LEAF_CATEGORIES: readonly SeedCategory[] = CATEGORIES.filter(
  (c) => !CATEGORIES.some((child) => child.parentId === c.id),
);

/** Rows for the categories table; position is the order among siblings. */
export function categoryRows() {
  const seen = new Map<number | null, number>();
  return CATEGORIES.map((c) => {
    const position = seen.get(c.parentId) ?? 0;
    seen.set(c.parentId, position + 1);
    const { id, parentId, rootKind, isAccessory, isWatchCase, isWristband } = c;
    return { id, parentId, position, rootKind, isAccessory, isWatchCase, isWristband, imageKind: productKindOf(id) };
  });
}

export function categoryTranslationRows() {
  return CATEGORIES.flatMap((c) =>
    LOCALES.map((locale) => ({ categoryId: c.id, locale, name: c.names[locale], path: categoryPath(c.id, locale) })),
  );
}

/** The picture kind for a product of this category ("box" for unknown categories). */
export function productKindOf(categoryId: number): ProductKind {
  return byId.get(categoryId)?.kind ?? "box";
}

/** What the image route passes to productImageSvg for one stored product. */
export function productImageInput(
  product: { id: number; name: string; categoryId: number; propColor: string | null },
  index: number,
  size: "large" | "thumb",
): ProductImageInput {
  return {
    productId: product.id,
    index,
    kind: productKindOf(product.categoryId),
    colour: product.propColor,
    label: product.name,
    size,
  };
}
