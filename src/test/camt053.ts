/**
 * A bank's account statement as banks send it: ISO 20022 camt.053.001.08 with a group header,
 * the account, opening and closing balances and one entry per transaction, each with its entry
 * details (references, related parties, remittance information). For tests of the import.
 */

export interface FixtureEntry {
  /** The bank's reference of the entry (AcctSvcrRef); left out of the file when null. */
  reference: string | null;
  /** "123.45" */
  amount: string;
  currency?: string;
  direction?: "CRDT" | "DBIT";
  status?: "BOOK" | "PDNG";
  reversal?: boolean;
  bookingDate?: string;
  remittance?: string[];
  debtorName?: string;
  debtorIban?: string;
  endToEndId?: string;
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function entryXml(entry: FixtureEntry, index: number): string {
  const currency = entry.currency ?? "EUR";
  const direction = entry.direction ?? "CRDT";
  const day = entry.bookingDate ?? "2026-03-02";
  const party = direction === "CRDT" ? "Dbtr" : "Cdtr";
  return `
      <Ntry>
        <NtryRef>${index + 1}</NtryRef>
        <Amt Ccy="${currency}">${entry.amount}</Amt>
        <CdtDbtInd>${direction}</CdtDbtInd>${entry.reversal ? "\n        <RvslInd>true</RvslInd>" : ""}
        <Sts><Cd>${entry.status ?? "BOOK"}</Cd></Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>${entry.reference ? `\n        <AcctSvcrRef>${escape(entry.reference)}</AcctSvcrRef>` : ""}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>${escape(entry.endToEndId ?? "NOTPROVIDED")}</EndToEndId></Refs>
            <Amt Ccy="${currency}">${entry.amount}</Amt>
            <CdtDbtInd>${direction}</CdtDbtInd>
            <RltdPties>
              <${party}><Pty><Nm>${escape(entry.debtorName ?? "Erika Mustermann")}</Nm></Pty></${party}>
              <${party}Acct><Id><IBAN>${entry.debtorIban ?? "DE02120300000000202051"}</IBAN></Id></${party}Acct>
            </RltdPties>
            <RmtInf>${(entry.remittance ?? []).map((line) => `<Ustrd>${escape(line)}</Ustrd>`).join("")}</RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
}

/** A camt.053 statement of the shop's account with these entries. */
export function camt053(entries: readonly FixtureEntry[], options: { messageId?: string; statementId?: string; iban?: string } = {}): string {
  const statementId = options.statementId ?? "STMT-2026-03-02";
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>${options.messageId ?? `MSG-${statementId}`}</MsgId>
      <CreDtTm>2026-03-03T06:00:00+01:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>${statementId}</Id>
      <ElctrncSeqNb>42</ElctrncSeqNb>
      <CreDtTm>2026-03-03T06:00:00+01:00</CreDtTm>
      <FrToDt><FrDtTm>2026-03-02T00:00:00+01:00</FrDtTm><ToDtTm>2026-03-02T23:59:59+01:00</ToDtTm></FrToDt>
      <Acct>
        <Id><IBAN>${options.iban ?? "DE89370400440532013000"}</IBAN></Id>
        <Ccy>EUR</Ccy>
        <Ownr><Nm>Reloop GmbH</Nm></Ownr>
        <Svcr><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></Svcr>
      </Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>${entries.map(entryXml).join("")}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
