import type { Locale, Translated } from "../domain/i18n/locales.ts";
import type { Grade } from "../domain/catalogue/grades.ts";

/** The fixed texts of an invoice in one language. */
export interface InvoiceTexts {
  title: string;
  orderNumber: string;
  date: string;
  payment: string;
  coupon: string;
  vatId: string;
  billingAddress: string;
  deliveryAddress: string;
  columnItem: string;
  columnVat: string;
  columnPrice: string;
  columnDiscount: string;
  columnAmount: string;
  condition: string;
  /** Between a label and its value: French sets a no-break space before the colon. */
  colon: string;
  fullBattery: string;
  /** Grade names as the storefront shows them. */
  grades: Record<Grade, string>;
  shipping: string;
  insurance: string;
  total: string;
  netStandard: string;
  vatIncluded: string;
  /** Marks a margin-scheme line in the VAT column; the note below explains it. */
  marginMarker: string;
  /** Legally required wording for the margin scheme (§ 14a Abs. 6 UStG, Art. 226 Nr. 14 MwStSystRL), then the explanation. */
  marginNote: string;
  page: (page: number, pages: number) => string;
}

const MARGIN_MARKER = "*";

export const INVOICE_TEXTS: Translated<InvoiceTexts> = {
  de: {
    title: "Rechnung",
    orderNumber: "Bestellnummer",
    date: "Rechnungsdatum",
    payment: "Zahlungsart",
    coupon: "Gutschein",
    vatId: "USt-IdNr.",
    billingAddress: "Rechnungsadresse",
    deliveryAddress: "Lieferadresse",
    columnItem: "Artikel",
    columnVat: "USt.",
    columnPrice: "Preis",
    columnDiscount: "Rabatt",
    columnAmount: "Betrag",
    condition: "Zustand",
    colon: ": ",
    fullBattery: "mit neuem Akku",
    grades: { NEW: "Neu", A0: "Wie neu", A1: "Sehr gut", A2: "Gut", A3: "Akzeptabel", A4: "Stark gebraucht" },
    shipping: "Versand",
    insurance: "Transportversicherung",
    total: "Gesamtbetrag",
    netStandard: "Nettobetrag zu 19 % USt.",
    vatIncluded: "Enthaltene USt. 19 %",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Gebrauchtgegenstände / Sonderregelung: Für diese Artikel gilt die Differenzbesteuerung nach § 25a UStG. " +
      "Die Umsatzsteuer wird nicht gesondert ausgewiesen.",
    page: (page, pages) => `Seite ${page} von ${pages}`,
  },
  en: {
    title: "Invoice",
    orderNumber: "Order number",
    date: "Invoice date",
    payment: "Payment method",
    coupon: "Coupon",
    vatId: "VAT ID",
    billingAddress: "Billing address",
    deliveryAddress: "Delivery address",
    columnItem: "Item",
    columnVat: "VAT",
    columnPrice: "Price",
    columnDiscount: "Discount",
    columnAmount: "Amount",
    condition: "Condition",
    colon: ": ",
    fullBattery: "with a new battery",
    grades: { NEW: "New", A0: "Like new", A1: "Very good", A2: "Good", A3: "Fair", A4: "Well used" },
    shipping: "Shipping",
    insurance: "Transport insurance",
    total: "Total",
    netStandard: "Net amount at 19 % VAT",
    vatIncluded: "VAT 19 % included",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Margin scheme — second-hand goods: these items are taxed under the margin scheme " +
      "(§ 25a of the German VAT Act, UStG). VAT is not shown separately.",
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Factura",
    orderNumber: "Número de pedido",
    date: "Fecha de factura",
    payment: "Forma de pago",
    coupon: "Cupón",
    vatId: "NIF-IVA",
    billingAddress: "Dirección de facturación",
    deliveryAddress: "Dirección de entrega",
    columnItem: "Artículo",
    columnVat: "IVA",
    columnPrice: "Precio",
    columnDiscount: "Descuento",
    columnAmount: "Importe",
    condition: "Estado",
    colon: ": ",
    fullBattery: "con batería nueva",
    grades: { NEW: "Nuevo", A0: "Como nuevo", A1: "Muy bueno", A2: "Bueno", A3: "Aceptable", A4: "Muy usado" },
    shipping: "Envío",
    insurance: "Seguro de transporte",
    total: "Total",
    netStandard: "Base imponible al 19 % de IVA",
    vatIncluded: "IVA 19 % incluido",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Régimen especial — bienes de ocasión: estos artículos tributan por el régimen del margen " +
      "(§ 25a de la Ley alemana del IVA, UStG). El IVA no se indica por separado.",
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  fr: {
    title: "Facture",
    orderNumber: "Numéro de commande",
    date: "Date de facture",
    payment: "Mode de paiement",
    coupon: "Code promo",
    vatId: "N° de TVA",
    billingAddress: "Adresse de facturation",
    deliveryAddress: "Adresse de livraison",
    columnItem: "Article",
    columnVat: "TVA",
    columnPrice: "Prix",
    columnDiscount: "Remise",
    columnAmount: "Montant",
    condition: "État",
    colon: "\u00a0: ",
    fullBattery: "avec batterie neuve",
    grades: { NEW: "Neuf", A0: "Comme neuf", A1: "Très bon état", A2: "Bon état", A3: "État correct", A4: "Très usé" },
    shipping: "Livraison",
    insurance: "Assurance transport",
    total: "Total",
    netStandard: "Montant HT soumis à 19 % de TVA",
    vatIncluded: "TVA 19 % incluse",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Régime particulier — biens d'occasion\u00a0: ces articles relèvent du régime de la marge " +
      "(§ 25a de la loi allemande sur la TVA, UStG). La TVA n'est pas indiquée séparément.",
    page: (page, pages) => `Page ${page} sur ${pages}`,
  },
  it: {
    title: "Fattura",
    orderNumber: "Numero d'ordine",
    date: "Data fattura",
    payment: "Metodo di pagamento",
    coupon: "Buono sconto",
    vatId: "Partita IVA",
    billingAddress: "Indirizzo di fatturazione",
    deliveryAddress: "Indirizzo di consegna",
    columnItem: "Articolo",
    columnVat: "IVA",
    columnPrice: "Prezzo",
    columnDiscount: "Sconto",
    columnAmount: "Importo",
    condition: "Condizione",
    colon: ": ",
    fullBattery: "con batteria nuova",
    grades: { NEW: "Nuovo", A0: "Come nuovo", A1: "Ottimo", A2: "Buono", A3: "Discreto", A4: "Molto usato" },
    shipping: "Spedizione",
    insurance: "Assicurazione sul trasporto",
    total: "Totale",
    netStandard: "Imponibile al 19 % di IVA",
    vatIncluded: "IVA 19 % inclusa",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Regime del margine — beni di occasione: questi articoli sono soggetti al regime del margine " +
      "(§ 25a della legge tedesca sull'IVA, UStG). L'IVA non è indicata separatamente.",
    page: (page, pages) => `Pagina ${page} di ${pages}`,
  },
  nl: {
    title: "Factuur",
    orderNumber: "Bestelnummer",
    date: "Factuurdatum",
    payment: "Betaalmethode",
    coupon: "Kortingscode",
    vatId: "Btw-nummer",
    billingAddress: "Factuuradres",
    deliveryAddress: "Afleveradres",
    columnItem: "Artikel",
    columnVat: "Btw",
    columnPrice: "Prijs",
    columnDiscount: "Korting",
    columnAmount: "Bedrag",
    condition: "Staat",
    colon: ": ",
    fullBattery: "met nieuwe accu",
    grades: { NEW: "Nieuw", A0: "Zo goed als nieuw", A1: "Zeer goed", A2: "Goed", A3: "Redelijk", A4: "Flink gebruikt" },
    shipping: "Verzending",
    insurance: "Verzendverzekering",
    total: "Totaal",
    netStandard: "Netto bedrag tegen 19 % btw",
    vatIncluded: "Inclusief 19 % btw",
    marginMarker: MARGIN_MARKER,
    marginNote:
      "* Bijzondere regeling — gebruikte goederen: op deze artikelen is de margeregeling van toepassing " +
      "(§ 25a van de Duitse btw-wet, UStG). De btw wordt niet apart vermeld.",
    page: (page, pages) => `Pagina ${page} van ${pages}`,
  },
};

export function invoiceTexts(locale: Locale): InvoiceTexts {
  return INVOICE_TEXTS[locale];
}
