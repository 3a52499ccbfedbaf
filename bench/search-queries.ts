import { GRADES } from "../src/domain/catalogue/grades.ts";

/** What visitors type, typos included (swapped, missing and doubled letters, compounds, other languages). */
export const QUERIES = [
  "iphone 13", "iphnoe 12", "iphone 14 pro", "ipohne 11", "iphone se", "galaxy s22", "galxy s23", "samsung galaxy", "samsnug tab",
  "pixel 7", "pixle 8", "ipad air", "ipda pro", "ipad mini", "macbook air", "macbok pro", "macbook pro m1", "thinkpad", "thinkpda t14",
  "ideapad", "apple watch", "aple watch se", "watch series 8", "sport loop", "milanese", "playstation 5", "playstaton 4", "ps5 digital",
  "switch oled", "nintendo swich", "switch lite", "kopfhörer", "wh-1000xm5", "sony wh 1000xm4", "ladekabel", "usb-c kabel", "usb c lightning",
  "magsafe charger", "power adapter", "netzteil 20w", "handyhülle", "silent garden", "golden river", "hidden kingdom", "the paper kites",
  "northern lights", "blue harbour", "secret island", "lost letters", "winter station", "anna weber", "lukas schneider", "garcia",
  "blu-ray", "paperback", "hardcover", "refurbished iphone", "geprüft", "128 gb", "256gb", "midnight", "starlight", "space grey",
];

/** The n-th search: a query, three facets (grade, in stock, a price ceiling that is new each time) and a page. */
export function searchPath(n: number): string {
  const query = encodeURIComponent(QUERIES[n % QUERIES.length]!);
  const grade = GRADES[Math.floor(n / QUERIES.length) % GRADES.length];
  const priceMax = 20_000 + ((n * 7919) % 200_000);
  return `/api/products?query=${query}&grade=${grade}&inStock=1&priceMax=${priceMax}&page=${1 + (n % 3)}`;
}

/** The n-th keystroke state: a query cut after 3 or more characters, sometimes limited to a category group. */
export function suggestPath(n: number): string {
  const full = QUERIES[n % QUERIES.length]!;
  const cut = 3 + (Math.floor(n / QUERIES.length) % Math.max(1, full.length - 2));
  const group = n % 4 === 0 ? "&groupId=1" : "";
  return `/api/search/suggestions?query=${encodeURIComponent(full.slice(0, cut))}${group}`;
}
