import type { Locale, Translated } from "../domain/i18n/locales.ts";
import type { SellGrade } from "../domain/selling/grading.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";

/** The fixed texts of a sale's shipping label and packing slip in one language. */
export interface ShippingLabelTexts {
  /** The document's title, in the PDF's metadata. */
  title: string;
  /** The start of the file name: ASCII only, so that every mail client and file system keeps it. */
  fileName: string;
  /** Over the label half. */
  stickOn: string;
  from: string;
  to: string;
  saleNumber: string;
  insuredValue: string;
  date: string;
  parcel: (parcel: number, parcels: number) => string;
  cutHere: string;
  packingSlip: string;
  /** Over the packing slip half. */
  putInParcel: string;
  /** Why the slip goes into every parcel. */
  packingNote: string;
  columnItem: string;
  columnCondition: string;
  columnOffer: string;
  offersTotal: string;
  /** The last line of a list too long for the page. */
  more: (count: number) => string;
}

/** Condition names the seller picked from: the buy side's grade names, and a word for a device that does not work. */
export const SELL_GRADE_NAMES: Translated<Record<SellGrade, string>> = {
  de: sellGrades("de", "Defekt"),
  en: sellGrades("en", "Defective"),
  es: sellGrades("es", "Defectuoso"),
  fr: sellGrades("fr", "Défectueux"),
  it: sellGrades("it", "Difettoso"),
  nl: sellGrades("nl", "Defect"),
};

function sellGrades(locale: Locale, defect: string): Record<SellGrade, string> {
  const { A0, A1, A2, A3, A4 } = INVOICE_TEXTS[locale].grades;
  return { A0, A1, A2, A3, A4, DEFECT: defect };
}

export const SHIPPING_LABEL_TEXTS: Translated<ShippingLabelTexts> = {
  de: {
    title: "Versandetikett",
    fileName: "Versandetikett",
    stickOn: "Diese Hälfte gut sichtbar außen auf das Paket kleben",
    from: "Absender",
    to: "Empfänger",
    saleNumber: "Verkaufsnummer",
    insuredValue: "Versicherter Wert",
    date: "Erstellt am",
    parcel: (parcel, parcels) => `Paket ${parcel} von ${parcels}`,
    cutHere: "Hier abschneiden",
    packingSlip: "Packzettel",
    putInParcel: "Diese Hälfte bitte mit in das Paket legen",
    packingNote: "So können wir dein Paket deinem Verkauf auch dann zuordnen, wenn das Etikett unterwegs beschädigt wird. Bei mehreren Paketen gehört in jedes Paket eine Seite.",
    columnItem: "Artikel",
    columnCondition: "Zustand",
    columnOffer: "Angebot",
    offersTotal: "Summe der Angebote",
    more: (count) => `… und ${count} weitere Artikel`,
  },
  en: {
    title: "Shipping label",
    fileName: "shipping-label",
    stickOn: "Stick this half firmly on the outside of the parcel",
    from: "From",
    to: "To",
    saleNumber: "Sale number",
    insuredValue: "Insured value",
    date: "Created on",
    parcel: (parcel, parcels) => `Parcel ${parcel} of ${parcels}`,
    cutHere: "Cut here",
    packingSlip: "Packing slip",
    putInParcel: "Put this half into the parcel",
    packingNote: "It lets us match your parcel to your sale even if the label gets damaged in transit. If you send several parcels, put one page into each.",
    columnItem: "Item",
    columnCondition: "Condition",
    columnOffer: "Offer",
    offersTotal: "Total offered",
    more: (count) => `… and ${count} more ${count === 1 ? "item" : "items"}`,
  },
  es: {
    title: "Etiqueta de envío",
    fileName: "etiqueta-de-envio",
    stickOn: "Pega esta mitad bien visible en el exterior del paquete",
    from: "Remitente",
    to: "Destinatario",
    saleNumber: "Número de venta",
    insuredValue: "Valor asegurado",
    date: "Fecha de creación",
    parcel: (parcel, parcels) => `Paquete ${parcel} de ${parcels}`,
    cutHere: "Cortar por aquí",
    packingSlip: "Lista de contenido",
    putInParcel: "Mete esta mitad dentro del paquete",
    packingNote: "Así podremos asignar tu paquete a tu venta aunque la etiqueta se dañe durante el transporte. Si envías varios paquetes, mete una hoja en cada uno.",
    columnItem: "Artículo",
    columnCondition: "Estado",
    columnOffer: "Oferta",
    offersTotal: "Total de las ofertas",
    more: (count) => `… y ${count === 1 ? "1 artículo más" : `${count} artículos más`}`,
  },
  fr: {
    title: "Étiquette d'expédition",
    fileName: "etiquette-expedition",
    stickOn: "Collez cette moitié bien en vue sur l'extérieur du colis",
    from: "Expéditeur",
    to: "Destinataire",
    saleNumber: "Numéro de vente",
    insuredValue: "Valeur assurée",
    date: "Créée le",
    parcel: (parcel, parcels) => `Colis ${parcel} sur ${parcels}`,
    cutHere: "Découper ici",
    packingSlip: "Bordereau de colisage",
    putInParcel: "Glissez cette moitié dans le colis",
    packingNote:
      "Ainsi, nous pourrons associer votre colis à votre vente même si l'étiquette est abîmée pendant le transport. Si vous envoyez plusieurs colis, glissez une page dans chacun.",
    columnItem: "Article",
    columnCondition: "État",
    columnOffer: "Offre",
    offersTotal: "Total des offres",
    more: (count) => `… et ${count === 1 ? "1 autre article" : `${count} autres articles`}`,
  },
  it: {
    title: "Etichetta di spedizione",
    fileName: "etichetta-spedizione",
    stickOn: "Incolla questa metà ben in vista all'esterno del pacco",
    from: "Mittente",
    to: "Destinatario",
    saleNumber: "Numero di vendita",
    insuredValue: "Valore assicurato",
    date: "Creata il",
    parcel: (parcel, parcels) => `Pacco ${parcel} di ${parcels}`,
    cutHere: "Tagliare qui",
    packingSlip: "Distinta di imballaggio",
    putInParcel: "Metti questa metà dentro il pacco",
    packingNote: "Così potremo abbinare il pacco alla tua vendita anche se l'etichetta si rovina durante il trasporto. Se spedisci più pacchi, metti una pagina in ciascuno.",
    columnItem: "Articolo",
    columnCondition: "Condizione",
    columnOffer: "Offerta",
    offersTotal: "Totale delle offerte",
    more: (count) => `… e ${count === 1 ? "un altro articolo" : `altri ${count} articoli`}`,
  },
  nl: {
    title: "Verzendlabel",
    fileName: "verzendlabel",
    stickOn: "Plak deze helft goed zichtbaar op de buitenkant van het pakket",
    from: "Afzender",
    to: "Ontvanger",
    saleNumber: "Verkoopnummer",
    insuredValue: "Verzekerde waarde",
    date: "Aangemaakt op",
    parcel: (parcel, parcels) => `Pakket ${parcel} van ${parcels}`,
    cutHere: "Hier knippen",
    packingSlip: "Pakbon",
    putInParcel: "Stop deze helft in het pakket",
    packingNote: "Zo kunnen we je pakket ook aan je verkoop koppelen als het label onderweg beschadigd raakt. Verstuur je meerdere pakketten, stop dan in elk pakket één pagina.",
    columnItem: "Artikel",
    columnCondition: "Staat",
    columnOffer: "Ons bod",
    offersTotal: "Totaal geboden",
    more: (count) => `… en nog ${count} ${count === 1 ? "artikel" : "artikelen"}`,
  },
};

export function shippingLabelTexts(locale: Locale): ShippingLabelTexts {
  return SHIPPING_LABEL_TEXTS[locale];
}
