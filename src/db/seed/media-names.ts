import type { Random } from "./random.ts";

/**
 * Made-up books, albums, films and games, built from word lists. Authors, bands, studios and
 * publishers are fictional on purpose; only classical composers are real people.
 */
export interface MediaItem {
  brand: string;
  name: string;
  /** Shown in the description ("by …"). */
  by: string;
  /** New price in euros. */
  price: number;
  year: number;
  attributes: Record<string, string>;
}

const FIRST = ["Anna", "Thomas", "Clara", "Jonas", "Marie", "David", "Sophie", "Lukas", "Helen", "Martin", "Elena", "Peter", "Laura", "Simon", "Julia", "Felix"];
const LAST = ["Berger", "Hartmann", "Lindqvist", "Moreau", "Rossi", "Fischer", "Keller", "Walsh", "Brandt", "Novak", "Jansen", "Carter", "Vogel", "Morgan", "Winter", "Stein"];

const EN_ADJ = ["Silent", "Last", "Hidden", "Broken", "Golden", "Distant", "Forgotten", "Burning", "Quiet", "Secret", "Lost", "Northern", "Midnight", "Paper", "Glass", "Winter"];
const EN_NOUN = ["River", "Garden", "Kingdom", "Letters", "House", "Summer", "Island", "Lighthouse", "Orchard", "Promise", "Harbour", "Station", "Mountain", "Daughter", "Library", "Shadows"];
const DE_HEAD = ["Der Sommer", "Das Haus", "Die Insel", "Der Garten", "Die Stadt", "Das Erbe", "Die Tochter", "Der Leuchtturm", "Die Briefe", "Das Versprechen"];
const DE_TAIL = ["am See", "im Schnee", "der Wölfe", "am Ende der Welt", "aus Glas", "der Erinnerung", "im Norden", "des Uhrmachers", "im Nebel", "unter den Sternen"];
const EN_NF_HEAD = ["A Short History of", "The Art of", "The Science of", "The Little Book of", "Understanding", "The Hidden Life of"];
const EN_NF_TAIL = ["Sleep", "Money", "the Ocean", "Cities", "Habits", "Time", "Trees", "Bread", "Mathematics", "the Brain", "Climate", "Happiness"];
const DE_NF_HEAD = ["Eine kurze Geschichte", "Die Kunst", "Die Wissenschaft", "Das kleine Buch", "Das geheime Leben"];
const DE_NF_TAIL = ["des Schlafs", "des Geldes", "der Ozeane", "der Städte", "der Gewohnheiten", "der Zeit", "der Bäume", "des Brotes", "der Mathematik", "des Gehirns", "des Klimas", "des Glücks"];
const KID_NAMES = ["Lotta", "Finn", "Mia", "Paul", "Emma", "Leo", "Ida", "Max"];
const EN_KID = ["the Sleepy Dragon", "the Flying Pig", "the Brave Little Mouse", "the Missing Moon", "the Magic Box", "the Secret Treehouse"];
const DE_KID = ["der kleine Drache", "das fliegende Schwein", "die mutige Maus", "der verschwundene Mond", "die Zauberkiste", "das geheime Baumhaus"];
const PUBLISHERS = ["Lindenblatt Verlag", "Harbour Press", "Nordlicht Verlag", "Blue Finch Books", "Kastanie & Co.", "Meridian House"];

const BANDS_A = ["Velvet", "Paper", "Electric", "Neon", "Silver", "Northern", "Wild", "Hollow"];
const BANDS_B = ["Foxes", "Lights", "Harbour", "Echoes", "Satellites", "Tides", "Comets", "Parade"];
const ALBUM_A = ["Midnight", "Golden", "Electric", "Summer", "Distant", "Lucky", "Slow", "Bright"];
const ALBUM_B = ["Hours", "Signals", "Roads", "Dreams", "Skies", "Waves", "Motion", "Fever"];
const LABELS = ["Lighthouse Records", "Mapleleaf Music", "Greenroom Records", "Satellite Sound"];
const COMPOSERS: [string, string[]][] = [
  ["Beethoven", ["Symphonies Nos. 5 & 7", "Piano Sonatas", "Violin Concerto", "String Quartets Op. 18"]],
  ["Mozart", ["Piano Concertos Nos. 20 & 21", "Requiem", "The Magic Flute (Highlights)", "Clarinet Concerto"]],
  ["Bach", ["Cello Suites", "Goldberg Variations", "Brandenburg Concertos", "Mass in B minor"]],
  ["Brahms", ["Symphony No. 4", "Piano Concerto No. 2", "Hungarian Dances"]],
  ["Schubert", ["Winterreise", "Symphony No. 9", "Impromptus"]],
  ["Tchaikovsky", ["Swan Lake (Suite)", "Symphony No. 6", "Violin Concerto"]],
  ["Vivaldi", ["The Four Seasons", "Gloria", "Cello Concertos"]],
  ["Dvořák", ["Symphony No. 9 \"From the New World\"", "Cello Concerto", "Slavonic Dances"]],
];
const ENSEMBLES = ["Lindenau Chamber Orchestra", "Nordic Philharmonic", "Quartetto Aurora", "Ensemble Meridian", "Anna Berger, piano", "Simon Keller, cello"];

const FILM_ADJ = ["Last", "Silent", "Broken", "Hidden", "Crimson", "Endless", "Frozen", "Burning", "Lonely", "Final"];
const FILM_NOUN = ["Horizon", "Signal", "Frontier", "Witness", "Passage", "Empire", "Harbour", "Orbit", "Heist", "Promise"];
const STUDIOS = ["Northlight Pictures", "Silverframe Studios", "Harbour Films", "Redwood Entertainment"];
const FSK = ["FSK 0", "FSK 6", "FSK 12", "FSK 16"];

const FRANCHISES = ["Starfall", "Iron Tide", "Kingdom Quest", "Neon Drift", "Shadow Legion", "Wild Frontier", "Galaxy Racers", "Mystic Isles"];
const SUBTITLES = ["Rebirth", "Origins", "The Lost Crown", "Overdrive", "Frontlines", "Awakening", "Second Dawn", "Legends"];
const GENRES = ["Action", "Adventure", "Racing", "Role-playing", "Strategy", "Platformer", "Sports"];
const GAME_PUBLISHERS = ["Pixelforge Games", "Bluebird Interactive", "Northwind Studios", "Lantern Games"];
const USK = ["USK 0", "USK 6", "USK 12", "USK 16"];

const person = (rng: Random) => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
const euros = (rng: Random, min: number, max: number) => rng.int(min, max) + 0.99;

function book(rng: Random, genre: "fiction" | "non-fiction" | "children"): MediaItem {
  const german = rng.chance(0.5);
  const title =
    genre === "fiction"
      ? german ? `${rng.pick(DE_HEAD)} ${rng.pick(DE_TAIL)}` : `The ${rng.pick(EN_ADJ)} ${rng.pick(EN_NOUN)}`
      : genre === "non-fiction"
        ? german ? `${rng.pick(DE_NF_HEAD)} ${rng.pick(DE_NF_TAIL)}` : `${rng.pick(EN_NF_HEAD)} ${rng.pick(EN_NF_TAIL)}`
        : `${rng.pick(KID_NAMES)} ${german ? `und ${rng.pick(DE_KID)}` : `and ${rng.pick(EN_KID)}`}`;
  const author = person(rng);
  const hardcover = rng.chance(0.35);
  const year = rng.int(1998, 2025);
  return {
    brand: rng.pick(PUBLISHERS),
    name: title,
    by: author,
    price: hardcover ? euros(rng, 18, 28) : euros(rng, 9, 16),
    year,
    attributes: {
      author,
      format: hardcover ? "Hardcover" : "Paperback",
      pages: String(genre === "children" ? rng.int(24, 96) : rng.int(160, 620)),
      language: german ? "German" : "English",
      year: String(year),
    },
  };
}

function album(rng: Random, classical: boolean): MediaItem {
  const year = rng.int(1985, 2025);
  if (classical) {
    const [composer, works] = rng.pick(COMPOSERS);
    const performer = rng.pick(ENSEMBLES);
    return {
      brand: "Aurora Classics",
      name: `${composer}: ${rng.pick(works)} – ${performer}`,
      by: performer,
      price: euros(rng, 9, 19),
      year,
      attributes: { composer, performer, format: "CD", tracks: String(rng.int(4, 24)), year: String(year) },
    };
  }
  const artist = rng.chance(0.6) ? `The ${rng.pick(BANDS_A)} ${rng.pick(BANDS_B)}` : person(rng);
  return {
    brand: rng.pick(LABELS),
    name: `${artist} – ${rng.pick(ALBUM_A)} ${rng.pick(ALBUM_B)}`,
    by: artist,
    price: euros(rng, 7, 16),
    year,
    attributes: { artist, format: "CD", tracks: String(rng.int(9, 16)), year: String(year) },
  };
}

function film(rng: Random, format: "DVD" | "Blu-ray"): MediaItem {
  const director = person(rng);
  const year = rng.int(1995, 2025);
  return {
    brand: rng.pick(STUDIOS),
    name: `The ${rng.pick(FILM_ADJ)} ${rng.pick(FILM_NOUN)} (${format})`,
    by: director,
    price: format === "DVD" ? euros(rng, 5, 12) : euros(rng, 9, 19),
    year,
    attributes: { director, format, runtime: `${rng.int(84, 162)} min`, ageRating: rng.pick(FSK), year: String(year) },
  };
}

function game(rng: Random, platform: "PS4" | "PS5" | "Nintendo Switch"): MediaItem {
  const publisher = rng.pick(GAME_PUBLISHERS);
  const year = rng.int(2015, 2025);
  return {
    brand: publisher,
    name: `${rng.pick(FRANCHISES)}: ${rng.pick(SUBTITLES)} (${platform})`,
    by: publisher,
    price: euros(rng, 19, 59),
    year,
    attributes: { platform, genre: rng.pick(GENRES), ageRating: rng.pick(USK), year: String(year) },
  };
}

/** Media generators per leaf category id. */
export const MEDIA_ITEMS: Record<number, (rng: Random) => MediaItem> = {
  2110: (rng) => book(rng, "fiction"),
  2111: (rng) => book(rng, "non-fiction"),
  2112: (rng) => book(rng, "children"),
  2210: (rng) => album(rng, false),
  2211: (rng) => album(rng, true),
  2310: (rng) => film(rng, "DVD"),
  2311: (rng) => film(rng, "Blu-ray"),
  2410: (rng) => game(rng, rng.chance(0.6) ? "PS5" : "PS4"),
  2411: (rng) => game(rng, "Nintendo Switch"),
};
