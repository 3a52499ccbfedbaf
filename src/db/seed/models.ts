/**
 * Device models of the demo catalogue, per leaf category. Each model becomes a family of
 * products, one per storage × colour, which the seed links with "storage" and "colour" relations.
 */
export interface DeviceModel {
  brand: string;
  /** Name without brand, storage and colour: 'iPhone 13', 'MacBook Air 13" M2 2022'. */
  model: string;
  year: number;
  /** New price in euros of the smallest storage. */
  price: number;
  storages: (string | null)[];
  colours: (string | null)[];
  attributes: Record<string, string>;
  /** The name is brand + model only ("Sony PlayStation 5 Digital Edition"). */
  short: boolean;
}

const gb = (list: string): (string | null)[] =>
  list ? list.split("|").map((n) => (Number(n) >= 1024 ? `${Number(n) / 1024} TB` : `${n} GB`)) : [null];

function m(
  brand: string,
  model: string,
  year: number,
  price: number,
  storages: string,
  colours: string,
  attributes: Record<string, string> = {},
  short = false,
): DeviceModel {
  return { brand, model, year, price, storages: gb(storages), colours: colours.split("|"), attributes, short };
}

const phone = (display: string, chip: string) => ({ display: `${display}"`, chip, network: "5G" });
const lightning = { connector: "Lightning" };

export const DEVICE_MODELS: Record<number, DeviceModel[]> = {
  1112: [
    m("Apple", "iPhone 11", 2019, 799, "64|128|256", "Black|White|Purple|Green|Yellow|Red", { display: '6.1"', chip: "A13 Bionic", network: "4G", ...lightning }),
    m("Apple", "iPhone 12 mini", 2020, 779, "64|128|256", "Black|White|Blue|Green|Purple|Red", { ...phone("5.4", "A14 Bionic"), ...lightning }),
    m("Apple", "iPhone 12", 2020, 899, "64|128|256", "Black|White|Blue|Green|Purple|Red", { ...phone("6.1", "A14 Bionic"), ...lightning }),
    m("Apple", "iPhone 12 Pro", 2020, 1149, "128|256|512", "Graphite|Silver|Gold|Pacific Blue", { ...phone("6.1", "A14 Bionic"), ...lightning }),
    m("Apple", "iPhone 13 mini", 2021, 799, "128|256|512", "Midnight|Starlight|Blue|Pink|Green|Red", { ...phone("5.4", "A15 Bionic"), ...lightning }),
    m("Apple", "iPhone 13", 2021, 899, "128|256|512", "Midnight|Starlight|Blue|Pink|Green|Red", { ...phone("6.1", "A15 Bionic"), ...lightning }),
    m("Apple", "iPhone 13 Pro", 2021, 1149, "128|256|512|1024", "Graphite|Silver|Gold|Sierra Blue|Alpine Green", { ...phone("6.1", "A15 Bionic"), ...lightning }),
    m("Apple", "iPhone SE (2022)", 2022, 519, "64|128|256", "Midnight|Starlight|Red", { ...phone("4.7", "A15 Bionic"), ...lightning }),
    m("Apple", "iPhone 14", 2022, 999, "128|256|512", "Midnight|Starlight|Blue|Purple|Yellow|Red", { ...phone("6.1", "A15 Bionic"), ...lightning }),
    m("Apple", "iPhone 14 Pro", 2022, 1299, "128|256|512|1024", "Space Black|Silver|Gold|Deep Purple", { ...phone("6.1", "A16 Bionic"), ...lightning }),
    m("Apple", "iPhone 15", 2023, 949, "128|256|512", "Black|Blue|Green|Yellow|Pink", { ...phone("6.1", "A16 Bionic"), connector: "USB-C" }),
    m("Apple", "iPhone 15 Pro", 2023, 1199, "128|256|512|1024", "Black Titanium|White Titanium|Blue Titanium|Natural Titanium", { ...phone("6.1", "A17 Pro"), connector: "USB-C" }),
  ],
  1113: [
    m("Samsung", "Galaxy S21 5G", 2021, 849, "128|256", "Phantom Grey|Phantom White|Phantom Violet|Phantom Pink", phone("6.2", "Exynos 2100")),
    m("Samsung", "Galaxy S22", 2022, 849, "128|256", "Phantom Black|Phantom White|Green|Pink Gold", phone("6.1", "Exynos 2200")),
    m("Samsung", "Galaxy S23", 2023, 949, "128|256|512", "Phantom Black|Cream|Green|Lavender", phone("6.1", "Snapdragon 8 Gen 2")),
    m("Samsung", "Galaxy S23 Ultra", 2023, 1399, "256|512|1024", "Phantom Black|Cream|Green|Lavender", phone("6.8", "Snapdragon 8 Gen 2")),
    m("Samsung", "Galaxy A54 5G", 2023, 489, "128|256", "Awesome Graphite|Awesome White|Awesome Violet|Awesome Lime", phone("6.4", "Exynos 1380")),
    m("Samsung", "Galaxy Z Flip5", 2023, 1199, "256|512", "Graphite|Cream|Lavender|Mint", phone("6.7", "Snapdragon 8 Gen 2")),
  ],
  1114: [
    m("Google", "Pixel 6", 2021, 649, "128|256", "Stormy Black|Sorta Seafoam|Kinda Coral", phone("6.4", "Google Tensor")),
    m("Google", "Pixel 7", 2022, 649, "128|256", "Obsidian|Snow|Lemongrass", phone("6.3", "Google Tensor G2")),
    m("Google", "Pixel 7a", 2023, 509, "128", "Charcoal|Snow|Sea", phone("6.1", "Google Tensor G2")),
    m("Google", "Pixel 8", 2023, 799, "128|256", "Obsidian|Hazel|Rose", phone("6.2", "Google Tensor G3")),
    m("Google", "Pixel 8 Pro", 2023, 1099, "128|256|512", "Obsidian|Porcelain|Bay", phone("6.7", "Google Tensor G3")),
  ],
  1210: [
    m("Apple", "iPad (9th generation)", 2021, 379, "64|256", "Space Grey|Silver", { display: '10.2"', chip: "A13 Bionic" }),
    m("Apple", "iPad (10th generation)", 2022, 579, "64|256", "Blue|Pink|Yellow|Silver", { display: '10.9"', chip: "A14 Bionic" }),
    m("Apple", "iPad Air (5th generation)", 2022, 769, "64|256", "Space Grey|Starlight|Pink|Purple|Blue", { display: '10.9"', chip: "Apple M1" }),
    m("Apple", 'iPad Pro 11" (4th generation)', 2022, 1049, "128|256|512|1024", "Space Grey|Silver", { display: '11"', chip: "Apple M2" }),
    m("Apple", "iPad mini (6th generation)", 2021, 549, "64|256", "Space Grey|Pink|Purple|Starlight", { display: '8.3"', chip: "A15 Bionic" }),
  ],
  1211: [
    m("Samsung", "Galaxy Tab S8", 2022, 749, "128|256", "Graphite|Silver|Pink Gold", { display: '11"' }),
    m("Samsung", "Galaxy Tab S9", 2023, 899, "128|256", "Graphite|Beige", { display: '11"' }),
    m("Samsung", "Galaxy Tab A8", 2022, 229, "32|64|128", "Grey|Silver|Pink Gold", { display: '10.5"' }),
    m("Samsung", "Galaxy Tab S6 Lite", 2022, 349, "64|128", "Oxford Grey|Angora Blue|Chiffon Pink", { display: '10.4"' }),
  ],
  1294: [
    m("Apple", 'MacBook Air 13" M1 2020', 2020, 1129, "256|512", "Space Grey|Silver|Gold", { display: '13.3"', chip: "Apple M1", ram: "8 GB" }),
    m("Apple", 'MacBook Air 13" M2 2022', 2022, 1499, "256|512|1024", "Midnight|Starlight|Space Grey|Silver", { display: '13.6"', chip: "Apple M2", ram: "8 GB" }),
    m("Apple", 'MacBook Air 15" M2 2023', 2023, 1599, "256|512|1024", "Midnight|Starlight|Space Grey|Silver", { display: '15.3"', chip: "Apple M2", ram: "8 GB" }),
    m("Apple", 'MacBook Air 13" M3 2024', 2024, 1299, "256|512|1024", "Midnight|Starlight|Space Grey|Silver", { display: '13.6"', chip: "Apple M3", ram: "8 GB" }),
  ],
  1295: [
    m("Apple", 'MacBook Pro 13" M1 2020', 2020, 1449, "256|512|1024", "Space Grey|Silver", { display: '13.3"', chip: "Apple M1", ram: "8 GB" }),
    m("Apple", 'MacBook Pro 13" M2 2022', 2022, 1599, "256|512|1024", "Space Grey|Silver", { display: '13.3"', chip: "Apple M2", ram: "8 GB" }),
    m("Apple", 'MacBook Pro 14" M1 Pro 2021', 2021, 2249, "512|1024|2048", "Space Grey|Silver", { display: '14.2"', chip: "Apple M1 Pro", ram: "16 GB" }),
    m("Apple", 'MacBook Pro 16" M1 Pro 2021', 2021, 2749, "512|1024|2048", "Space Grey|Silver", { display: '16.2"', chip: "Apple M1 Pro", ram: "16 GB" }),
    m("Apple", 'MacBook Pro 14" M3 Pro 2023', 2023, 2399, "512|1024|2048", "Space Black|Silver", { display: '14.2"', chip: "Apple M3 Pro", ram: "18 GB" }),
  ],
  1296: [
    m("Dell", "XPS 13 9310", 2021, 1199, "256|512|1024", "Platinum Silver|Frost White", { display: '13.4"', chip: "Intel Core i7-1185G7", ram: "16 GB" }),
    m("Lenovo", "ThinkPad X1 Carbon Gen 9", 2021, 1799, "256|512|1024", "Black", { display: '14"', chip: "Intel Core i7-1165G7", ram: "16 GB" }),
    m("HP", "EliteBook 840 G8", 2021, 1299, "256|512", "Silver", { display: '14"', chip: "Intel Core i5-1135G7", ram: "16 GB" }),
    m("Microsoft", 'Surface Laptop 4 13.5"', 2021, 1099, "256|512", "Platinum|Matte Black|Ice Blue|Sandstone", { display: '13.5"', chip: "AMD Ryzen 5 4680U", ram: "8 GB" }),
    m("Lenovo", "IdeaPad 5 14", 2022, 699, "512", "Abyss Blue|Storm Grey", { display: '14"', chip: "AMD Ryzen 7 5700U", ram: "16 GB" }),
  ],
  1310: [
    m("Apple", "Watch Series 7 GPS 41 mm Aluminium", 2021, 429, "", "Midnight|Starlight|Green|Blue|Red", { caseSize: "41 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch Series 7 GPS 45 mm Aluminium", 2021, 459, "", "Midnight|Starlight|Green|Blue|Red", { caseSize: "45 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch Series 8 GPS 41 mm Aluminium", 2022, 499, "", "Midnight|Starlight|Silver|Red", { caseSize: "41 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch Series 8 GPS + Cellular 45 mm Aluminium", 2022, 649, "", "Midnight|Starlight|Silver|Red", { caseSize: "45 mm", material: "Aluminium", connectivity: "GPS + Cellular" }),
    m("Apple", "Watch Series 9 GPS 45 mm Aluminium", 2023, 479, "", "Midnight|Starlight|Silver|Pink|Red", { caseSize: "45 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch SE (2022) GPS 40 mm Aluminium", 2022, 299, "", "Midnight|Starlight|Silver", { caseSize: "40 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch SE (2022) GPS 44 mm Aluminium", 2022, 329, "", "Midnight|Starlight|Silver", { caseSize: "44 mm", material: "Aluminium", connectivity: "GPS" }),
    m("Apple", "Watch Ultra 2 49 mm Titanium", 2023, 899, "", "Natural Titanium", { caseSize: "49 mm", material: "Titanium", connectivity: "GPS + Cellular" }),
  ],
  1311: [
    m("Apple", "Sport Band 41 mm", 2023, 49, "", "Midnight|Starlight|Red|Pink|Green|Blue", { fits: "38–41 mm", material: "Fluoroelastomer" }),
    m("Apple", "Sport Band 45 mm", 2023, 49, "", "Midnight|Starlight|Red|Pink|Green|Blue", { fits: "42–49 mm", material: "Fluoroelastomer" }),
    m("Apple", "Sport Loop 45 mm", 2023, 49, "", "Midnight|Green|Blue", { fits: "42–49 mm", material: "Nylon weave" }),
    m("Apple", "Solo Loop 41 mm", 2022, 49, "", "Midnight|Starlight|Pink", { fits: "38–41 mm", material: "Silicone" }),
    m("Apple", "Milanese Loop 41 mm", 2022, 99, "", "Silver|Graphite|Gold", { fits: "38–41 mm", material: "Stainless steel" }),
    m("Apple", "Leather Link 45 mm", 2022, 99, "", "Midnight|Umber|Black", { fits: "42–49 mm", material: "Leather" }),
    m("Nomad", "Sport Band 45 mm", 2023, 59, "", "Black|White|Blue", { fits: "42–49 mm", material: "Fluoroelastomer" }),
  ],
  1312: [
    m("Samsung", "Galaxy Watch5 44 mm", 2022, 309, "", "Graphite|Silver|Sapphire", { caseSize: "44 mm", connectivity: "Bluetooth" }),
    m("Samsung", "Galaxy Watch6 Classic 47 mm", 2023, 429, "", "Black|Silver", { caseSize: "47 mm", connectivity: "Bluetooth" }),
    m("Garmin", "Fenix 7 47 mm", 2022, 699, "", "Slate Grey|Silver", { caseSize: "47 mm", connectivity: "GPS" }),
    m("Garmin", "Venu 2 45 mm", 2021, 399, "", "Slate|Granite Blue", { caseSize: "45 mm", connectivity: "GPS" }),
    m("Google", "Pixel Watch 41 mm", 2022, 379, "", "Matte Black|Polished Silver|Champagne Gold", { caseSize: "41 mm", connectivity: "Wi-Fi" }),
  ],
  1410: [
    m("Sony", "PlayStation 5 Digital Edition", 2020, 399, "825", "White", {}, true),
    m("Sony", "PlayStation 5", 2020, 499, "825", "White", {}, true),
    m("Sony", "PlayStation 5 Slim", 2023, 549, "1024", "White"),
    m("Sony", "PlayStation 4 Pro", 2016, 399, "1024", "Jet Black"),
    m("Sony", "PlayStation 4 Slim", 2016, 299, "500|1024", "Jet Black|Glacier White"),
  ],
  1411: [
    m("Microsoft", "Xbox Series X", 2020, 499, "1024", "Black"),
    m("Microsoft", "Xbox Series S", 2020, 299, "512", "Robot White"),
    m("Microsoft", "Xbox Series S", 2023, 349, "1024", "Carbon Black"),
    m("Microsoft", "Xbox One X", 2017, 499, "1024", "Black"),
  ],
  1412: [
    m("Nintendo", "Switch (OLED model)", 2021, 349, "64", "White|Neon Red/Neon Blue"),
    m("Nintendo", "Switch Lite", 2019, 219, "32", "Turquoise|Coral|Grey|Yellow|Blue"),
    m("Nintendo", "Switch", 2019, 329, "32", "Neon Red/Neon Blue|Grey"),
  ],
  1500: [
    m("Apple", "AirPods Pro (2nd generation)", 2022, 279, "", "White", { type: "In-ear", noiseCancelling: "yes" }),
    m("Apple", "AirPods (3rd generation)", 2021, 199, "", "White", { type: "In-ear", noiseCancelling: "no" }),
    m("Apple", "AirPods Max", 2020, 579, "", "Space Grey|Silver|Sky Blue|Pink|Green", { type: "Over-ear", noiseCancelling: "yes" }),
    m("Sony", "WH-1000XM4", 2020, 379, "", "Black|Silver|Midnight Blue", { type: "Over-ear", noiseCancelling: "yes" }),
    m("Sony", "WH-1000XM5", 2022, 419, "", "Black|Silver", { type: "Over-ear", noiseCancelling: "yes" }),
    m("Bose", "QuietComfort 45", 2021, 349, "", "Black|White Smoke", { type: "Over-ear", noiseCancelling: "yes" }),
    m("Samsung", "Galaxy Buds2 Pro", 2022, 229, "", "Graphite|White|Bora Purple", { type: "In-ear", noiseCancelling: "yes" }),
    m("Beats", "Studio Pro", 2023, 399, "", "Black|Sandstone|Navy|Deep Brown", { type: "Over-ear", noiseCancelling: "yes" }),
  ],
  1610: [
    m("Apple", "20W USB-C Power Adapter", 2020, 25, "", "White", { power: "20 W", connector: "USB-C" }),
    m("Apple", "35W Dual USB-C Port Compact Power Adapter", 2022, 65, "", "White", { power: "35 W", connector: "2 × USB-C" }),
    m("Samsung", "25W Super Fast Charger", 2020, 25, "", "Black|White", { power: "25 W", connector: "USB-C" }),
    m("Anker", "735 Charger (Nano II 65W)", 2021, 55, "", "Black|White", { power: "65 W", connector: "2 × USB-C, USB-A" }),
    m("Belkin", "BoostCharge Pro 3-in-1 MagSafe Charger", 2022, 149, "", "Black|White", { power: "15 W", connector: "MagSafe" }),
    m("Google", "30W USB-C Charger", 2022, 29, "", "White", { power: "30 W", connector: "USB-C" }),
  ],
  1611: [
    m("Apple", "USB-C to Lightning Cable (1 m)", 2020, 25, "", "White", { length: "1 m", connectors: "USB-C / Lightning" }),
    m("Apple", "USB-C Woven Charge Cable (1 m)", 2023, 25, "", "White", { length: "1 m", connectors: "USB-C / USB-C" }),
    m("Anker", "PowerLine III USB-C to USB-C (1.8 m)", 2021, 15, "", "Black|White", { length: "1.8 m", connectors: "USB-C / USB-C" }),
    m("Belkin", "BoostCharge USB-C to Lightning Cable (2 m)", 2021, 25, "", "Black|White", { length: "2 m", connectors: "USB-C / Lightning" }),
    m("Samsung", "USB-C to USB-C Cable 3A (1 m)", 2020, 15, "", "Black|White", { length: "1 m", connectors: "USB-C / USB-C" }),
  ],
};

/** "S" for bands and cases up to 41 mm, "L" above: which bands fit which case. */
export function watchSizeGroup(attributes: Record<string, string>): string {
  const mm = Number(/(\d+)/.exec(attributes.caseSize ?? attributes.fits ?? "")?.[1] ?? 0);
  return mm > 0 && mm <= 41 ? "S" : "L";
}
