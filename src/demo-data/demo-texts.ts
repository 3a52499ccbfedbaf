import type { Translated } from "../domain/i18n/locales.ts";

/** Product descriptions of the demo catalogue, in every language. */
export function describe(name: string, electronics: boolean): Translated {
  return electronics
    ? {
        de: `${name} – professionell geprüft und aufbereitet. Jedes Gerät durchläuft über 40 Tests, wird vollständig gelöscht und kommt mit 12 Monaten Garantie.`,
        en: `${name} – professionally tested and refurbished. Every device passes more than 40 checks, is fully wiped and comes with a 12-month warranty.`,
        es: `${name}: revisado y reacondicionado por profesionales. Cada dispositivo supera más de 40 pruebas, se borra por completo y tiene 12 meses de garantía.`,
        fr: `${name} : testé et reconditionné par des professionnels. Chaque appareil passe plus de 40 contrôles, est entièrement effacé et garanti 12 mois.`,
        it: `${name}: testato e ricondizionato da professionisti. Ogni dispositivo supera oltre 40 controlli, viene cancellato completamente e ha 12 mesi di garanzia.`,
        nl: `${name} – professioneel getest en opgeknapt. Elk apparaat doorloopt meer dan 40 tests, wordt volledig gewist en heeft 12 maanden garantie.`,
      }
    : {
        de: `${name}: gebraucht, geprüft und sorgfältig verpackt. Der Zustand ist ehrlich angegeben – vom neuwertigen Exemplar bis zum gut gelesenen Stück.`,
        en: `${name}: pre-owned, checked and carefully packed. The condition is stated honestly – from as-new copies to well-loved ones.`,
        es: `${name}: de segunda mano, revisado y embalado con cuidado. El estado se indica con honestidad, desde ejemplares como nuevos hasta muy usados.`,
        fr: `${name} : d’occasion, vérifié et soigneusement emballé. L’état est indiqué honnêtement, de l’exemplaire comme neuf au plus usé.`,
        it: `${name}: usato, controllato e imballato con cura. Le condizioni sono indicate onestamente, dalla copia come nuova a quella molto vissuta.`,
        nl: `${name}: tweedehands, gecontroleerd en zorgvuldig verpakt. De staat wordt eerlijk vermeld – van zo goed als nieuw tot flink gebruikt.`,
      };
}
