/**
 * What the demo catalogue is made of: device models with storage and colours, and word lists
 * from which media titles are combined. Prices are new prices in euros.
 */
interface DeviceLine {
  categoryId: number;
  brand: string;
  models: { name: string; price: number; year: number; attributes?: Record<string, string> }[];
  /** Storage sizes in GB with the price step per size; empty for devices without storage. */
  storages: number[];
  colours: string[];
}

export const DEVICE_LINES: DeviceLine[] = [
  {
    categoryId: 1112,
    brand: "Apple",
    models: [
      { name: "iPhone 11", price: 499, year: 2019, attributes: { display: '6.1"' } },
      { name: "iPhone 12 mini", price: 549, year: 2020, attributes: { display: '5.4"' } },
      { name: "iPhone 12", price: 649, year: 2020, attributes: { display: '6.1"' } },
      { name: "iPhone 13", price: 749, year: 2021, attributes: { display: '6.1"' } },
      { name: "iPhone 13 Pro", price: 949, year: 2021, attributes: { display: '6.1"' } },
      { name: "iPhone SE (2022)", price: 449, year: 2022, attributes: { display: '4.7"' } },
      { name: "iPhone 14", price: 849, year: 2022, attributes: { display: '6.1"' } },
      { name: "iPhone 14 Pro", price: 1099, year: 2022, attributes: { display: '6.1"' } },
      { name: "iPhone 15", price: 899, year: 2023, attributes: { display: '6.1"' } },
    ],
    storages: [64, 128, 256, 512],
    colours: ["Black", "White", "Blue", "Red", "Midnight", "Starlight", "Purple"],
  },
  {
    categoryId: 1101,
    brand: "Samsung",
    models: [
      { name: "Galaxy S21", price: 699, year: 2021 },
      { name: "Galaxy S22", price: 749, year: 2022 },
      { name: "Galaxy S23", price: 849, year: 2023 },
      { name: "Galaxy A54", price: 399, year: 2023 },
      { name: "Galaxy Z Flip4", price: 999, year: 2022 },
    ],
    storages: [128, 256],
    colours: ["Phantom Black", "Green", "Lavender", "Cream"],
  },
  {
    categoryId: 1102,
    brand: "Google",
    models: [
      { name: "Pixel 6", price: 549, year: 2021 },
      { name: "Pixel 7", price: 599, year: 2022 },
      { name: "Pixel 7a", price: 449, year: 2023 },
      { name: "Pixel 8", price: 699, year: 2023 },
    ],
    storages: [128, 256],
    colours: ["Obsidian", "Snow", "Hazel"],
  },
  {
    categoryId: 1103,
    brand: "Apple",
    models: [
      { name: 'iPad 10.2" (2021)', price: 379, year: 2021 },
      { name: "iPad Air (2022)", price: 699, year: 2022 },
      { name: 'iPad Pro 11" (2021)', price: 899, year: 2021 },
      { name: "iPad mini (2021)", price: 549, year: 2021 },
    ],
    storages: [64, 256],
    colours: ["Space Grey", "Silver", "Blue", "Pink"],
  },
  {
    categoryId: 1104,
    brand: "Samsung",
    models: [
      { name: "Galaxy Tab S8", price: 699, year: 2022 },
      { name: "Galaxy Tab A8", price: 229, year: 2022 },
      { name: "Galaxy Tab S7 FE", price: 529, year: 2021 },
    ],
    storages: [64, 128],
    colours: ["Graphite", "Silver"],
  },
  {
    categoryId: 1294,
    brand: "Apple",
    models: [
      { name: 'MacBook Air 13" M1 (2020)', price: 1099, year: 2020, attributes: { processor: "Apple M1", memory: "8 GB" } },
      { name: 'MacBook Air 13" M2 (2022)', price: 1299, year: 2022, attributes: { processor: "Apple M2", memory: "8 GB" } },
      { name: 'MacBook Air 15" M2 (2023)', price: 1499, year: 2023, attributes: { processor: "Apple M2", memory: "8 GB" } },
    ],
    storages: [256, 512, 1024],
    colours: ["Space Grey", "Silver", "Gold", "Midnight"],
  },
  {
    categoryId: 1295,
    brand: "Apple",
    models: [
      { name: 'MacBook Pro 13" M1 (2020)', price: 1449, year: 2020, attributes: { processor: "Apple M1", memory: "8 GB" } },
      { name: 'MacBook Pro 14" M1 Pro (2021)', price: 2249, year: 2021, attributes: { processor: "Apple M1 Pro", memory: "16 GB" } },
      { name: 'MacBook Pro 16" M1 Max (2021)', price: 3849, year: 2021, attributes: { processor: "Apple M1 Max", memory: "32 GB" } },
    ],
    storages: [512, 1024],
    colours: ["Space Grey", "Silver"],
  },
  {
    categoryId: 1105,
    brand: "Lenovo",
    models: [
      { name: "ThinkPad T14 Gen 2", price: 1199, year: 2021, attributes: { processor: "Intel Core i5", memory: "16 GB" } },
      { name: "ThinkPad X1 Carbon Gen 9", price: 1799, year: 2021, attributes: { processor: "Intel Core i7", memory: "16 GB" } },
      { name: "IdeaPad 5 14", price: 699, year: 2022, attributes: { processor: "AMD Ryzen 5", memory: "8 GB" } },
    ],
    storages: [256, 512],
    colours: ["Black", "Grey"],
  },
  {
    categoryId: 1106,
    brand: "Apple",
    models: [
      { name: "Apple Watch Series 7 GPS 41 mm Aluminium", price: 429, year: 2021 },
      { name: "Apple Watch Series 8 GPS 45 mm Aluminium", price: 529, year: 2022 },
      { name: "Apple Watch SE (2022) GPS 40 mm Aluminium", price: 299, year: 2022 },
    ],
    storages: [],
    colours: ["Midnight", "Starlight", "Silver", "Red"],
  },
  {
    categoryId: 1107,
    brand: "Apple",
    models: [
      { name: "Sport Band 41 mm", price: 49, year: 2022 },
      { name: "Sport Loop 45 mm", price: 49, year: 2022 },
      { name: "Solo Loop 41 mm", price: 49, year: 2022 },
      { name: "Milanese Loop 45 mm", price: 99, year: 2021 },
    ],
    storages: [],
    colours: ["Midnight", "Starlight", "Red", "Blue", "Green", "Pink"],
  },
  {
    categoryId: 14,
    brand: "Sony",
    models: [
      { name: "PlayStation 5 Digital Edition", price: 449, year: 2020 },
      { name: "PlayStation 5", price: 549, year: 2020 },
      { name: "PlayStation 4 Pro", price: 399, year: 2016 },
    ],
    storages: [825],
    colours: ["White"],
  },
  {
    categoryId: 14,
    brand: "Nintendo",
    models: [
      { name: "Switch OLED", price: 349, year: 2021 },
      { name: "Switch Lite", price: 219, year: 2019 },
    ],
    storages: [64],
    colours: ["White", "Red", "Blue", "Grey"],
  },
  {
    categoryId: 15,
    brand: "Sony",
    models: [
      { name: "WH-1000XM4", price: 379, year: 2020 },
      { name: "WH-1000XM5", price: 419, year: 2022 },
      { name: "WF-1000XM4", price: 279, year: 2021 },
    ],
    storages: [],
    colours: ["Black", "Silver"],
  },
  {
    categoryId: 1108,
    brand: "Apple",
    models: [
      { name: "20W USB-C Power Adapter", price: 25, year: 2020 },
      { name: "35W Dual USB-C Power Adapter", price: 65, year: 2022 },
      { name: "MagSafe Charger", price: 49, year: 2020 },
    ],
    storages: [],
    colours: ["White"],
  },
  {
    categoryId: 1109,
    brand: "Anker",
    models: [
      { name: "USB-C to Lightning Cable 1 m", price: 19, year: 2021 },
      { name: "USB-C to USB-C Cable 2 m", price: 15, year: 2021 },
    ],
    storages: [],
    colours: ["Black", "White"],
  },
];

/** Word lists for media titles; combined by the seed, so there is no limit on how many exist. */
export const MEDIA_WORDS = {
  adjectives: ["Silent", "Last", "Hidden", "Golden", "Broken", "Endless", "Northern", "Secret", "Wild", "Little", "Dark", "Bright", "Lost", "Distant", "Burning"],
  nouns: ["Garden", "River", "Summer", "Kingdom", "Letters", "Island", "Orchard", "Harbour", "Mountain", "Promise", "Winter", "City", "Lighthouse", "Forest", "Station"],
  firstNames: ["Anna", "Lukas", "Marie", "Jonas", "Sofia", "Paul", "Emma", "Luca", "Clara", "Noah", "Lea", "Elias", "Julia", "Finn", "Ines"],
  lastNames: ["Weber", "Martin", "García", "Rossi", "de Vries", "Schneider", "Dubois", "Bianchi", "Jansen", "Fischer", "Moreau", "López", "Conti", "Bakker", "Wagner"],
  bands: ["The Paper Kites", "Northern Lights", "Blue Harbour", "Neon Orchard", "The Quiet Hours", "Golden Static", "Velvet Station", "Echo Park"],
  platforms: ["PlayStation 5", "Nintendo Switch", "Xbox Series X", "PlayStation 4"],
  filmFormats: ["DVD", "Blu-ray"],
  bookFormats: ["Paperback", "Hardcover"],
};
