import { describe, expect, it } from "vitest";
import { camt053 } from "../../test/camt053.ts";
import { amountToCents, readCamt053 } from "./camt053.ts";

/** The older layout (camt.053.001.02): status as text, names straight in the party, and a batch entry of two transactions. */
const VERSION_02 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-02</MsgId><CreDtTm>2026-03-03T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-02</Id>
      <Acct><Id><IBAN>DE89 3704 0044 0532 0130 00</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">150.5</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><DtTm>2026-03-02T09:30:00+01:00</DtTm></BookgDt>
        <ValDt><Dt>2026-03-02</Dt></ValDt>
        <AcctSvcrRef>BATCH-7</AcctSvcrRef>
        <NtryDtls>
          <Btch><NbOfTxs>2</NbOfTxs></Btch>
          <TxDtls>
            <Refs><AcctSvcrRef>BATCH-7-A</AcctSvcrRef><EndToEndId>E2E-A</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">100.00</Amt></TxAmt></AmtDtls>
            <RltdPties><Dbtr><Nm>Jonas Weber &amp; Co</Nm></Dbtr><DbtrAcct><Id><IBAN>de02120300000000202051</IBAN></Id></DbtrAcct></RltdPties>
            <RmtInf><Ustrd>Bestellung</Ustrd><Ustrd>R26-004217</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">50.50</Amt></TxAmt></AmtDtls>
            <RmtInf><Strd><CdtrRefInf><Ref>RF18R26004218</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">20.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>PDNG</Sts>
        <AcctSvcrRef>PENDING-1</AcctSvcrRef>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

describe("reading a camt.053 statement", () => {
  it("reads each booked entry: amount in cents, direction, dates, remittance, debtor and the bank's reference", () => {
    const xml = camt053([
      { reference: "2026030200001", amount: "249.90", remittance: ["Bestellung R26-004217", "Danke"], debtorName: "Erika Mustermann", debtorIban: "DE02120300000000202051", endToEndId: "E2E-1" },
      { reference: "2026030200002", amount: "12.00", direction: "DBIT", remittance: ["Kontogebuehr"] },
      { reference: "2026030200003", amount: "5.00", currency: "USD" },
    ]);
    const reading = readCamt053(xml);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.file.messageId).toBe("MSG-STMT-2026-03-02");
    expect(reading.file.statementIds).toEqual(["STMT-2026-03-02"]);
    expect(reading.file.entries).toHaveLength(3);
    expect(reading.file.entries[0]).toEqual({
      reference: "2026030200001",
      statementId: "STMT-2026-03-02",
      account: "DE89370400440532013000",
      amountCents: 24_990,
      currency: "EUR",
      direction: "CRDT",
      reversal: false,
      bookingDate: "2026-03-02",
      valueDate: "2026-03-02",
      remittance: "Bestellung R26-004217 Danke",
      debtorName: "Erika Mustermann",
      debtorIban: "DE02120300000000202051",
      endToEndId: "E2E-1",
    });
    expect(reading.file.entries[1]).toMatchObject({ direction: "DBIT", amountCents: 1_200 });
    expect(reading.file.entries[2]).toMatchObject({ currency: "USD", amountCents: 500, endToEndId: null });
  });

  it("reads the older layout and splits a batch entry into its transactions, skipping entries not booked yet", () => {
    const reading = readCamt053(VERSION_02);
    if (!reading.ok) throw new Error(reading.detail);
    expect(reading.file.entries).toEqual([
      expect.objectContaining({ reference: "BATCH-7-A", account: "DE89370400440532013000", amountCents: 10_000, bookingDate: "2026-03-02", debtorName: "Jonas Weber & Co", debtorIban: "DE02120300000000202051", remittance: "Bestellung R26-004217", endToEndId: "E2E-A" }),
      expect.objectContaining({ reference: "BATCH-7/2", amountCents: 5_050, debtorName: null, remittance: "RF18R26004218", endToEndId: null }),
    ]);
  });

  it("gives an entry without the bank's reference one made of the statement and its entry reference, the same on every reading", () => {
    const xml = camt053([{ reference: null, amount: "10.00" }], { statementId: "STMT-X" });
    const first = readCamt053(xml);
    const second = readCamt053(xml);
    expect(first.ok && first.file.entries[0]!.reference).toBe("STMT-X/1");
    expect(second.ok && second.file.entries[0]!.reference).toBe("STMT-X/1");
  });

  it("names text that is no XML, XML that is no statement, and a document type declaration", () => {
    expect(readCamt053("this is not xml")).toMatchObject({ ok: false, problem: "not_xml" });
    expect(readCamt053("<Document><BkToCstmrStmt><Stmt></BkToCstmrStmt></Document>")).toMatchObject({ ok: false, problem: "not_xml" });
    expect(readCamt053('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>')).toMatchObject({ ok: false, problem: "not_camt053" });
    expect(readCamt053("<Document><BkToCstmrStmt><GrpHdr><MsgId>X</MsgId></GrpHdr></BkToCstmrStmt></Document>")).toMatchObject({ ok: false, problem: "not_camt053" });
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Document><BkToCstmrStmt/></Document>`;
    expect(readCamt053(bomb)).toMatchObject({ ok: false, problem: "not_camt053" });
  });
});

describe("amounts", () => {
  it.each([
    ["249.90", 24_990],
    ["249.9", 24_990],
    ["0.01", 1],
    ["1000", 100_000],
    ["1.000", 100],
    ["12345678.99", 1_234_567_899],
  ])("%s is %i cents", (amount, cents) => expect(amountToCents(amount)).toBe(cents));

  it.each(["1.005", "-1.00", "1,00", "", "abc", "1e3"])("%s is no amount in cents", (amount) => expect(amountToCents(amount)).toBeNull());
});
