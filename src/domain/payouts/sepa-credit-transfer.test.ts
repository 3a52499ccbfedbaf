import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { composeIBAN } from "ibantools";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildCreditTransferFile,
  formatCents,
  isValidIban,
  MAX_TRANSFER_CENTS,
  normalizeIban,
  PAIN_001_NAMESPACE,
  toSepaText,
  type CreditTransfer,
  type CreditTransferFileInput,
} from "./sepa-credit-transfer.ts";

const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const TRANSFER: CreditTransfer = {
  endToEndId: "S-1000042",
  amountCents: 12_345,
  creditorName: "Erika Mustermann",
  creditorIban: "DE02120300000000202051",
  creditorBic: "BYLADEM1001",
  remittanceInformation: "Reloop sale S-1000042",
};

function fileInput(overrides: Partial<CreditTransferFileInput> = {}): CreditTransferFileInput {
  return {
    messageId: "PAYOUT-2026-01-10-001",
    createdAt: new Date("2026-01-10T12:34:56.789Z"),
    requestedExecutionDate: "2026-01-12",
    debtor: { name: "Reloop GmbH", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
    transfers: [TRANSFER],
    ...overrides,
  };
}

/** A transfer with an end-to-end id of its own, for files with many. */
function transfer(i: number, overrides: Partial<CreditTransfer> = {}): CreditTransfer {
  return { ...TRANSFER, endToEndId: `S-${1_000_000 + i}`, ...overrides };
}

/** The file as an independent parser reads it: text stays text ("0.10" is not turned into 0.1), lists are lists. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "CdtTrfTxInf",
});
/** The same file with every element's children in document order, to check the sequence the schema prescribes. */
const orderedParser = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false });

type Parsed = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the parser's output is untyped XML

function parse(xml: string): Parsed {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as Parsed;
}

/** The element names under the element at this path, in document order. */
function childOrder(xml: string, path: string[]): string[][] {
  let level: Parsed[] = orderedParser.parse(xml) as Parsed[];
  for (const [depth, tag] of path.entries()) {
    const nodes = level.filter((node) => tag in node);
    if (depth === path.length - 1) return nodes.map((node) => (node[tag] as Parsed[]).map((child) => Object.keys(child).find((key) => key !== ":@")!));
    level = nodes[0]![tag] as Parsed[];
  }
  return [];
}

/** "123.45" → 12345n, without going through a float. */
function centsOf(amount: string): bigint {
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  return BigInt(amount.replace(".", ""));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("formatCents", () => {
  it("writes cents as euros with exactly two decimals", () => {
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(1)).toBe("0.01");
    expect(formatCents(10)).toBe("0.10");
    expect(formatCents(100)).toBe("1.00");
    expect(formatCents(12_345)).toBe("123.45");
    expect(formatCents(MAX_TRANSFER_CENTS)).toBe("999999999.99");
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(formatCents(-5)).toBe("-0.05");
    expect(formatCents(-12_345)).toBe("-123.45");
  });

  it("writes sums beyond a float's exact range exactly", () => {
    expect(formatCents(123_456_789_012_345_678_901n)).toBe("1234567890123456789.01");
  });

  it("refuses a fraction of a cent or a number that is not exact", () => {
    expect(() => formatCents(1.5)).toThrow(/whole number of cents/);
    expect(() => formatCents(Number.NaN)).toThrow(/whole number of cents/);
    expect(() => formatCents(2 ** 60)).toThrow(/whole number of cents/);
  });

  it("writes every amount so that removing the point gives the cents back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(centsOf(formatCents(cents))).toBe(BigInt(cents));
      }),
    );
  });
});

describe("isValidIban", () => {
  it("accepts IBANs of SEPA countries, in printed or electronic form", () => {
    for (const iban of [
      "DE89370400440532013000",
      "DE89 3704 0044 0532 0130 00",
      "de89 3704 0044 0532 0130 00",
      "GB82WEST12345698765432",
      "FR1420041010050500013M02606",
      "NL91ABNA0417164300",
      "AT611904300234573201",
      "BE68539007547034",
      "NO9386011117947",
      "MT84MALT011000012345MTLCAST001S",
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it("refuses a mistyped digit, swapped digits and wrong check digits", () => {
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE89370400440532010300")).toBe(false);
    expect(isValidIban("DE98370400440532013000")).toBe(false);
    expect(isValidIban("DE00370400440532013000")).toBe(false);
  });

  it("refuses what is not shaped like an IBAN", () => {
    for (const iban of ["", "DE89", "DE8937040044", "8937040044053201300000", "DEXX370400440532013000", "DE89-3704-0044-0532-0130-00", "DE89370400440532013000Ä", "DE89" + "1".repeat(31)]) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it("accepts every IBAN composed by another library, and none with a digit changed", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), fc.nat(17), fc.integer({ min: 1, max: 9 }), (bban, position, shift) => {
        const iban = composeIBAN({ countryCode: "DE", bban })!;
        expect(isValidIban(iban)).toBe(true);
        const digit = (Number(bban[position]) + shift) % 10;
        const typo = iban.slice(0, 4 + position) + digit + iban.slice(5 + position);
        expect(isValidIban(typo)).toBe(false);
      }),
    );
  });
});

describe("normalizeIban", () => {
  it("removes spaces and writes capitals", () => {
    expect(normalizeIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
  });
});

describe("toSepaText", () => {
  it("writes out umlauts, ß and ligatures, and drops other accents", () => {
    expect(toSepaText("Jürgen Müller-Lüdenscheidt", 70)).toBe("Juergen Mueller-Luedenscheidt");
    expect(toSepaText("ÄÖÜ äöü Straße GROẞ", 70)).toBe("AeOeUe aeoeue Strasse GROSS");
    expect(toSepaText("José Ñúñez", 70)).toBe("Jose Nunez");
    expect(toSepaText("François Œuvre, Ærø", 70)).toBe("Francois OEuvre, AEro");
    expect(toSepaText("Łódź Gdańsk", 70)).toBe("Lodz Gdansk");
    expect(toSepaText("Ｒｅｌｏｏｐ ﬁne", 70)).toBe("Reloop fine");
  });

  it("takes an umlaut written as a letter and a combining mark like the composed one", () => {
    expect(toSepaText("Mu\u0308ller", 70)).toBe("Mueller");
  });

  it("writes & as + and typographic apostrophes and dashes as their plain forms", () => {
    expect(toSepaText("Müller & Söhne", 70)).toBe("Mueller + Soehne");
    expect(toSepaText("O’Brien – Sale", 70)).toBe("O'Brien - Sale");
  });

  it("turns anything else into one space and trims the ends", () => {
    expect(toSepaText("<script>alert(\"x\")</script>", 140)).toBe("script alert( x ) /script");
    expect(toSepaText("a_b@c#d  e\n\tf 😀 g", 140)).toBe("a b c d e f g");
    expect(toSepaText("   ", 70)).toBe("");
    expect(toSepaText("日本語", 70)).toBe("");
  });

  it("cuts to the maximum length after writing out, without a trailing space", () => {
    expect(toSepaText("ä".repeat(50), 70)).toBe("ae".repeat(35));
    expect(toSepaText(`${"a".repeat(69)} b`, 70)).toBe("a".repeat(69));
  });

  it("always gives SEPA characters only, within the length", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer({ min: 1, max: 140 }), (value, max) => {
        const text = toSepaText(value, max);
        expect(text).toMatch(SEPA_TEXT);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/ {2}/);
      }),
    );
  });
});

describe("buildCreditTransferFile", () => {
  it("writes the whole pain.001.001.09 document, byte for byte", () => {
    const xml = buildCreditTransferFile(
      fileInput({ transfers: [transfer(42), transfer(43, { amountCents: 5, creditorName: "José Ñúñez", creditorIban: "FR14 2004 1010 0505 0001 3M02 606", creditorBic: undefined, remittanceInformation: "" })] }),
    );
    expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>PAYOUT-2026-01-10-001</MsgId>
      <CreDtTm>2026-01-10T12:34:56Z</CreDtTm>
      <NbOfTxs>2</NbOfTxs>
      <CtrlSum>123.50</CtrlSum>
      <InitgPty>
        <Nm>Reloop GmbH</Nm>
      </InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>PAYOUT-2026-01-10-001</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>2</NbOfTxs>
      <CtrlSum>123.50</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>SEPA</Cd>
        </SvcLvl>
      </PmtTpInf>
      <ReqdExctnDt>
        <Dt>2026-01-12</Dt>
      </ReqdExctnDt>
      <Dbtr>
        <Nm>Reloop GmbH</Nm>
      </Dbtr>
      <DbtrAcct>
        <Id>
          <IBAN>DE89370400440532013000</IBAN>
        </Id>
      </DbtrAcct>
      <DbtrAgt>
        <FinInstnId>
          <BICFI>COBADEFFXXX</BICFI>
        </FinInstnId>
      </DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
      <CdtTrfTxInf>
        <PmtId>
          <EndToEndId>S-1000042</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="EUR">123.45</InstdAmt>
        </Amt>
        <CdtrAgt>
          <FinInstnId>
            <BICFI>BYLADEM1001</BICFI>
          </FinInstnId>
        </CdtrAgt>
        <Cdtr>
          <Nm>Erika Mustermann</Nm>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>DE02120300000000202051</IBAN>
          </Id>
        </CdtrAcct>
        <RmtInf>
          <Ustrd>Reloop sale S-1000042</Ustrd>
        </RmtInf>
      </CdtTrfTxInf>
      <CdtTrfTxInf>
        <PmtId>
          <EndToEndId>S-1000043</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="EUR">0.05</InstdAmt>
        </Amt>
        <Cdtr>
          <Nm>Jose Nunez</Nm>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>FR1420041010050500013M02606</IBAN>
          </Id>
        </CdtrAcct>
      </CdtTrfTxInf>
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`);
  });

  it("is a well-formed document in the pain.001.001.09 namespace", () => {
    const xml = buildCreditTransferFile(fileInput());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const document = parse(xml);
    expect(document.Document["@xmlns"]).toBe(PAIN_001_NAMESPACE);
    expect(PAIN_001_NAMESPACE).toBe("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
    expect(Object.keys(document.Document)).toEqual(["CstmrCdtTrfInitn", "@xmlns"]);
  });

  it("has every mandatory group header element", () => {
    const header = parse(buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2, { amountCents: 55 })] }))).Document.CstmrCdtTrfInitn.GrpHdr;
    expect(header).toEqual({ MsgId: "PAYOUT-2026-01-10-001", CreDtTm: "2026-01-10T12:34:56Z", NbOfTxs: "2", CtrlSum: "124.00", InitgPty: { Nm: "Reloop GmbH" } });
  });

  it("has every mandatory payment information element for a SEPA batch with shared charges", () => {
    const payment = parse(buildCreditTransferFile(fileInput())).Document.CstmrCdtTrfInitn.PmtInf;
    expect(payment).toMatchObject({
      PmtInfId: "PAYOUT-2026-01-10-001",
      PmtMtd: "TRF",
      BtchBookg: "true",
      NbOfTxs: "1",
      CtrlSum: "123.45",
      PmtTpInf: { SvcLvl: { Cd: "SEPA" } },
      ReqdExctnDt: { Dt: "2026-01-12" },
      Dbtr: { Nm: "Reloop GmbH" },
      DbtrAcct: { Id: { IBAN: "DE89370400440532013000" } },
      DbtrAgt: { FinInstnId: { BICFI: "COBADEFFXXX" } },
      ChrgBr: "SLEV",
    });
  });

  it("writes each transaction's id, amount in euros, creditor, account and remittance information", () => {
    const [transaction] = parse(buildCreditTransferFile(fileInput())).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(transaction).toEqual({
      PmtId: { EndToEndId: "S-1000042" },
      Amt: { InstdAmt: { "#text": "123.45", "@Ccy": "EUR" } },
      CdtrAgt: { FinInstnId: { BICFI: "BYLADEM1001" } },
      Cdtr: { Nm: "Erika Mustermann" },
      CdtrAcct: { Id: { IBAN: "DE02120300000000202051" } },
      RmtInf: { Ustrd: "Reloop sale S-1000042" },
    });
  });

  it("puts the elements in the order the schema prescribes", () => {
    const xml = buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2, { creditorBic: undefined })] }));
    expect(childOrder(xml, ["Document", "CstmrCdtTrfInitn"])).toEqual([["GrpHdr", "PmtInf"]]);
    expect(childOrder(xml, ["Document", "CstmrCdtTrfInitn", "GrpHdr"])).toEqual([["MsgId", "CreDtTm", "NbOfTxs", "CtrlSum", "InitgPty"]]);
    expect(childOrder(xml, ["Document", "CstmrCdtTrfInitn", "PmtInf"])).toEqual([
      ["PmtInfId", "PmtMtd", "BtchBookg", "NbOfTxs", "CtrlSum", "PmtTpInf", "ReqdExctnDt", "Dbtr", "DbtrAcct", "DbtrAgt", "ChrgBr", "CdtTrfTxInf", "CdtTrfTxInf"],
    ]);
    expect(childOrder(xml, ["Document", "CstmrCdtTrfInitn", "PmtInf", "CdtTrfTxInf"])).toEqual([
      ["PmtId", "Amt", "CdtrAgt", "Cdtr", "CdtrAcct", "RmtInf"],
      ["PmtId", "Amt", "Cdtr", "CdtrAcct", "RmtInf"],
    ]);
  });

  it("names the debtor's bank as not provided when its BIC is not given", () => {
    for (const bic of [undefined, "", "  "]) {
      const payment = parse(buildCreditTransferFile(fileInput({ debtor: { name: "Reloop GmbH", iban: "DE89370400440532013000", bic } }))).Document.CstmrCdtTrfInitn.PmtInf;
      expect(payment.DbtrAgt).toEqual({ FinInstnId: { Othr: { Id: "NOTPROVIDED" } } });
    }
  });

  it("leaves the creditor's bank out without a BIC, and writes a given one in capitals", () => {
    const [without, lower] = parse(buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorBic: undefined }), transfer(2, { creditorBic: " byladem1001 " })] }))).Document
      .CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(without).not.toHaveProperty("CdtrAgt");
    expect(lower.CdtrAgt).toEqual({ FinInstnId: { BICFI: "BYLADEM1001" } });
  });

  it("writes IBANs in their electronic form", () => {
    const [transaction] = parse(buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorIban: "de02 1203 0000 0000 2020 51" })] }))).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(transaction.CdtrAcct.Id.IBAN).toBe("DE02120300000000202051");
  });

  it("sums to the cent where adding floats would not", () => {
    // 0.1 + 0.2 is 0.30000000000000004 as floats.
    const xml = buildCreditTransferFile(fileInput({ transfers: [transfer(1, { amountCents: 10 }), transfer(2, { amountCents: 20 })] }));
    expect(parse(xml).Document.CstmrCdtTrfInitn.GrpHdr.CtrlSum).toBe("0.30");
  });

  it("writes a control sum equal to the sum of the amounts, in both places, for any amounts", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: MAX_TRANSFER_CENTS }), { minLength: 1, maxLength: 40 }), (amounts) => {
        const xml = buildCreditTransferFile(fileInput({ transfers: amounts.map((amountCents, i) => transfer(i, { amountCents })) }));
        const { GrpHdr, PmtInf } = parse(xml).Document.CstmrCdtTrfInitn;
        const sum = amounts.reduce((total, cents) => total + BigInt(cents), 0n);
        expect(centsOf(GrpHdr.CtrlSum)).toBe(sum);
        expect(PmtInf.CtrlSum).toBe(GrpHdr.CtrlSum);
        expect(GrpHdr.NbOfTxs).toBe(String(amounts.length));
        expect(PmtInf.NbOfTxs).toBe(String(amounts.length));
        const written = (PmtInf.CdtTrfTxInf as Parsed[]).map((transaction) => centsOf(transaction.Amt.InstdAmt["#text"]));
        expect(written).toEqual(amounts.map(BigInt));
        expect(written.reduce((total, cents) => total + cents, 0n)).toBe(centsOf(PmtInf.CtrlSum));
      }),
      { numRuns: 200 },
    );
  });

  it("writes names and remittance information in the SEPA character set, escaped", () => {
    const xml = buildCreditTransferFile(
      fileInput({
        debtor: { name: "Reloop GmbH & Co. KG", iban: "DE89370400440532013000" },
        transfers: [transfer(1, { creditorName: "Jürgen O’Brien-Groß <Admin>", remittanceInformation: `Verkauf S-1000001 "Übergröße" & 'Zubehör' <b>` })],
      }),
    );
    expect(xml).toMatch(/^[\x20-\x7e\n]*$/);
    expect(xml).toContain("<Nm>Juergen O&apos;Brien-Gross Admin</Nm>");
    expect(xml).toContain("<Ustrd>Verkauf S-1000001 Uebergroesse + &apos;Zubehoer&apos; b</Ustrd>");
    const { GrpHdr, PmtInf } = parse(xml).Document.CstmrCdtTrfInitn;
    expect(GrpHdr.InitgPty.Nm).toBe("Reloop GmbH + Co. KG");
    expect(PmtInf.Dbtr.Nm).toBe("Reloop GmbH + Co. KG");
    expect(PmtInf.CdtTrfTxInf[0].Cdtr.Nm).toBe("Juergen O'Brien-Gross Admin");
    expect(PmtInf.CdtTrfTxInf[0].RmtInf.Ustrd).toBe("Verkauf S-1000001 Uebergroesse + 'Zubehoer' b");
  });

  it("cuts names to 70 characters and the remittance information to 140", () => {
    const xml = buildCreditTransferFile(fileInput({ debtor: { name: "R".repeat(90), iban: "DE89370400440532013000" }, transfers: [transfer(1, { creditorName: "Ä".repeat(50), remittanceInformation: "x".repeat(300) })] }));
    const { GrpHdr, PmtInf } = parse(xml).Document.CstmrCdtTrfInitn;
    expect(GrpHdr.InitgPty.Nm).toBe("R".repeat(70));
    expect(PmtInf.CdtTrfTxInf[0].Cdtr.Nm).toBe("Ae".repeat(35));
    expect(PmtInf.CdtTrfTxInf[0].RmtInf.Ustrd).toBe("x".repeat(140));
  });

  it("leaves the remittance information out when nothing of it is left", () => {
    const [transaction] = parse(buildCreditTransferFile(fileInput({ transfers: [transfer(1, { remittanceInformation: " 😀 " })] }))).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(transaction).not.toHaveProperty("RmtInf");
  });

  it("keeps any seller's name and reference well-formed and within the SEPA rules", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }), fc.string({ unit: "grapheme", maxLength: 300 }), (name, remittance) => {
        fc.pre(toSepaText(name, 70) !== "");
        const xml = buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorName: name, remittanceInformation: remittance })] }));
        expect(xml).toMatch(/^[\x20-\x7e\n]*$/);
        const [transaction] = parse(xml).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
        expect(transaction.Cdtr.Nm).toBe(toSepaText(name, 70));
        expect(transaction.Cdtr.Nm).toMatch(SEPA_TEXT);
        if (transaction.RmtInf) {
          expect(transaction.RmtInf.Ustrd).toBe(toSepaText(remittance, 140));
          expect(transaction.RmtInf.Ustrd.length).toBeLessThanOrEqual(140);
        }
      }),
    );
  });

  it("gives the same bytes for the same input, whatever the clock says", () => {
    vi.useFakeTimers();
    const now = Date.now();
    const yearMs = 365 * 86_400_000;
    vi.setSystemTime(new Date(now + 4 * yearMs));
    const first = buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2, { amountCents: 999 })] }));
    vi.setSystemTime(new Date(now - 25 * yearMs));
    const second = buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2, { amountCents: 999 })] }));
    expect(second).toBe(first);
    expect(first).toContain("<CreDtTm>2026-01-10T12:34:56Z</CreDtTm>");
  });

  it("keeps the transfers in the order given", () => {
    const ids = parse(buildCreditTransferFile(fileInput({ transfers: [transfer(3), transfer(1), transfer(2)] })))
      .Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.map((transaction: Parsed) => transaction.PmtId.EndToEndId);
    expect(ids).toEqual(["S-1000003", "S-1000001", "S-1000002"]);
  });

  it("accepts ids with every SEPA character, up to 35 long", () => {
    const id = "Ab9-?:().,'+ /x".padEnd(35, "Z");
    const xml = buildCreditTransferFile(fileInput({ messageId: id, transfers: [transfer(1, { endToEndId: id })] }));
    const { GrpHdr, PmtInf } = parse(xml).Document.CstmrCdtTrfInitn;
    expect(GrpHdr.MsgId).toBe(id);
    expect(PmtInf.CdtTrfTxInf[0].PmtId.EndToEndId).toBe(id);
  });

  describe("refuses input that cannot make a valid file", () => {
    it("no transfers", () => {
      expect(() => buildCreditTransferFile(fileInput({ transfers: [] }))).toThrow("A credit transfer file needs at least one transfer.");
    });

    it("an amount that is not a positive whole number of cents within the SEPA maximum", () => {
      for (const amountCents of [0, -1, -12_345, 1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, MAX_TRANSFER_CENTS + 1]) {
        expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2, { amountCents })] })), String(amountCents)).toThrow(
          /transfers\[1\]\.amountCents must be a whole number of cents/,
        );
      }
      expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1, { amountCents: MAX_TRANSFER_CENTS })] }))).not.toThrow();
    });

    it("an invalid IBAN", () => {
      expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorIban: "DE02120300000000202052" })] }))).toThrow(
        'transfers[0].creditorIban "DE02120300000000202052" is not a valid IBAN.',
      );
      expect(() => buildCreditTransferFile(fileInput({ debtor: { name: "Reloop GmbH", iban: "DE89 3704 0044" } }))).toThrow(/debtor\.iban .* is not a valid IBAN/);
    });

    it("an invalid BIC", () => {
      expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorBic: "BYLA1EM1" })] }))).toThrow(/transfers\[0\]\.creditorBic .* is not a valid BIC/);
      expect(() => buildCreditTransferFile(fileInput({ debtor: { name: "Reloop GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXX" } }))).toThrow(/debtor\.bic .* is not a valid BIC/);
    });

    it("an id that is too long, empty or has characters outside the SEPA set, rather than changing it", () => {
      for (const id of ["", "A".repeat(36), "S_1000042", "S-1000042Ü", "/S-1", "S-1/", "S//1", " S-1", "S-1 "]) {
        expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1, { endToEndId: id })] })), id).toThrow(/transfers\[0\]\.endToEndId .* is not a SEPA identifier/);
        expect(() => buildCreditTransferFile(fileInput({ messageId: id })), id).toThrow(/messageId .* is not a SEPA identifier/);
      }
    });

    it("an end-to-end id used twice", () => {
      expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1), transfer(2), transfer(1)] }))).toThrow('transfers[2].endToEndId "S-1000001" is used by another transfer of this file.');
    });

    it("an execution date that is not a real YYYY-MM-DD date", () => {
      for (const date of ["2026-02-30", "2026-1-5", "12.01.2026", "2026-01-12T00:00:00Z", ""]) {
        expect(() => buildCreditTransferFile(fileInput({ requestedExecutionDate: date })), date).toThrow(/requestedExecutionDate .* is not a date/);
      }
      expect(() => buildCreditTransferFile(fileInput({ requestedExecutionDate: "2028-02-29" }))).not.toThrow();
    });

    it("an invalid creation time", () => {
      expect(() => buildCreditTransferFile(fileInput({ createdAt: new Date("not a date") }))).toThrow("createdAt is not a valid date.");
    });

    it("a name with nothing left in the SEPA character set", () => {
      expect(() => buildCreditTransferFile(fileInput({ transfers: [transfer(1, { creditorName: "山田太郎" })] }))).toThrow(/transfers\[0\]\.creditorName is empty/);
      expect(() => buildCreditTransferFile(fileInput({ debtor: { name: " ", iban: "DE89370400440532013000" } }))).toThrow(/debtor\.name is empty/);
    });
  });
});
