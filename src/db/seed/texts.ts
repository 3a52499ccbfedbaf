import { LOCALES, type Translated } from "../../domain/i18n/locales.ts";

/** Which description template a product gets. */
export type TextGroup = "device" | "accessory" | "book" | "music" | "film" | "game";

/** Short product descriptions per group and locale; {name} and {by} are filled in. */
const TEMPLATES: Record<TextGroup, Translated> = {
  device: {
    de: "{name} – professionell geprüft, gereinigt und generalüberholt. Alle Funktionen wurden getestet und arbeiten einwandfrei. Mit 12 Monaten Garantie und kostenlosem Versand.",
    en: "{name} – professionally tested, cleaned and refurbished. Every function has been checked and works perfectly. Comes with a 12-month warranty and free shipping.",
    es: "{name}: revisado, limpiado y reacondicionado por profesionales. Se han comprobado todas las funciones y funcionan perfectamente. Con 12 meses de garantía y envío gratuito.",
    fr: "{name} : testé, nettoyé et reconditionné par des professionnels. Toutes les fonctions ont été vérifiées et marchent parfaitement. Garantie de 12 mois et livraison gratuite.",
    it: "{name}: testato, pulito e ricondizionato da professionisti. Tutte le funzioni sono state verificate e funzionano perfettamente. Con 12 mesi di garanzia e spedizione gratuita.",
    nl: "{name} – professioneel getest, gereinigd en gereviseerd. Alle functies zijn gecontroleerd en werken perfect. Met 12 maanden garantie en gratis verzending.",
  },
  accessory: {
    de: "{name} – geprüft, gereinigt und sofort einsatzbereit. Eine nachhaltige Alternative zum Neukauf, mit 12 Monaten Garantie.",
    en: "{name} – checked, cleaned and ready to use. A sustainable alternative to buying new, with a 12-month warranty.",
    es: "{name}: revisado, limpio y listo para usar. Una alternativa sostenible a comprar nuevo, con 12 meses de garantía.",
    fr: "{name} : vérifié, nettoyé et prêt à l'emploi. Une alternative durable à l'achat neuf, avec une garantie de 12 mois.",
    it: "{name}: controllato, pulito e pronto all'uso. Un'alternativa sostenibile all'acquisto del nuovo, con 12 mesi di garanzia.",
    nl: "{name} – gecontroleerd, gereinigd en klaar voor gebruik. Een duurzaam alternatief voor nieuw kopen, met 12 maanden garantie.",
  },
  book: {
    de: "„{name}“ von {by}: ein gebrauchtes Exemplar in geprüftem Zustand. Jedes Buch wird vor dem Versand Seite für Seite kontrolliert; Gebrauchsspuren sind im Zustand beschrieben.",
    en: "“{name}” by {by}: a used copy in checked condition. Every book is inspected page by page before dispatch; any signs of use are described in the grade.",
    es: "«{name}» de {by}: un ejemplar usado en estado revisado. Cada libro se revisa página a página antes del envío; las marcas de uso se indican en el estado.",
    fr: "« {name} » de {by} : un exemplaire d'occasion en état vérifié. Chaque livre est contrôlé page par page avant l'envoi ; les traces d'usage sont décrites dans l'état.",
    it: "«{name}» di {by}: una copia usata in condizioni verificate. Ogni libro viene controllato pagina per pagina prima della spedizione; i segni d'uso sono descritti nella condizione.",
    nl: "‘{name}’ van {by}: een gebruikt exemplaar in gecontroleerde staat. Elk boek wordt voor verzending pagina voor pagina nagekeken; gebruikssporen staan in de staat beschreven.",
  },
  music: {
    de: "{name} auf CD, auf Kratzer und Abspielbarkeit geprüft. Hülle und Booklet sind dabei; Gebrauchsspuren sind im Zustand beschrieben.",
    en: "{name} on CD, checked for scratches and playability. Case and booklet are included; any signs of use are described in the grade.",
    es: "{name} en CD, revisado para detectar arañazos y comprobar que se reproduce bien. Incluye caja y libreto; las marcas de uso se indican en el estado.",
    fr: "{name} en CD, contrôlé contre les rayures et testé à la lecture. Boîtier et livret inclus ; les traces d'usage sont décrites dans l'état.",
    it: "{name} su CD, controllato per graffi e riproducibilità. Custodia e libretto inclusi; i segni d'uso sono descritti nella condizione.",
    nl: "{name} op cd, gecontroleerd op krassen en afspeelbaarheid. Hoesje en boekje zijn inbegrepen; gebruikssporen staan in de staat beschreven.",
  },
  film: {
    de: "{name}: Die Disc wurde auf Kratzer geprüft und läuft einwandfrei. Originalhülle und Cover sind dabei; Gebrauchsspuren sind im Zustand beschrieben.",
    en: "{name}: the disc has been checked for scratches and plays flawlessly. Original case and cover included; any signs of use are described in the grade.",
    es: "{name}: el disco se ha revisado para detectar arañazos y se reproduce sin problemas. Incluye caja y carátula originales; las marcas de uso se indican en el estado.",
    fr: "{name} : le disque a été contrôlé contre les rayures et se lit parfaitement. Boîtier et jaquette d'origine inclus ; les traces d'usage sont décrites dans l'état.",
    it: "{name}: il disco è stato controllato per graffi e si riproduce perfettamente. Custodia e copertina originali incluse; i segni d'uso sono descritti nella condizione.",
    nl: "{name}: de disc is gecontroleerd op krassen en speelt probleemloos af. Originele hoes en cover inbegrepen; gebruikssporen staan in de staat beschreven.",
  },
  game: {
    de: "{name}: getestet und voll funktionsfähig, in der Originalhülle. Ein gebrauchtes Spiel schont den Geldbeutel und die Umwelt.",
    en: "{name}: tested and fully working, in the original case. A used game is kind to your wallet and to the planet.",
    es: "{name}: probado y totalmente funcional, en su caja original. Un juego usado cuida tu bolsillo y el planeta.",
    fr: "{name} : testé et entièrement fonctionnel, dans son boîtier d'origine. Un jeu d'occasion, c'est bon pour le portefeuille et pour la planète.",
    it: "{name}: testato e perfettamente funzionante, nella custodia originale. Un gioco usato fa bene al portafoglio e al pianeta.",
    nl: "{name}: getest en volledig werkend, in de originele hoes. Een tweedehands game is goed voor je portemonnee én voor de planeet.",
  },
};

export function description(group: TextGroup, name: string, by = ""): Translated {
  const template = TEMPLATES[group];
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, template[locale].replace("{name}", () => name).replace("{by}", () => by)]),
  ) as Translated;
}
