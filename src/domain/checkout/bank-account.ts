/** Where bank transfers go: shown on the finish page and in the transfer mail, with the order number as reference. */
export const BANK_ACCOUNT = {
  holder: "Reloop GmbH",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  bank: "Commerzbank",
} as const;
