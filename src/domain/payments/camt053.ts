import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Reading a bank's account statement, ISO 20022 camt.053 (Bank-to-Customer Statement), of any
 * version from .001.02 on: every booked transaction of every statement in the file, with what
 * finance needs to match it to an order. Amounts become integer cents by string arithmetic, never
 * through a float. Pure: the file's text in, the entries out.
 */

/** One booked transaction of the statement (an entry, or one transaction of a batch entry). */
export interface StatementEntry {
  /** The bank's own reference (AcctSvcrRef), else one the file makes unique: what a second import is recognised by. */
  reference: string;
  statementId: string;
  /** The statement's account: its IBAN, or the bank's other identification; "" when the file names none. */
  account: string;
  /** Integer cents; null when the amount is not one in cents (a currency with three decimals, a broken value). */
  amountCents: number | null;
  currency: string;
  direction: "CRDT" | "DBIT";
  /** A reversal (RvslInd): the bank takes back an earlier booking, which is no customer's payment. */
  reversal: boolean;
  /** YYYY-MM-DD. */
  bookingDate: string | null;
  valueDate: string | null;
  /** The remittance information: the unstructured lines (Ustrd) joined, and any structured creditor reference. */
  remittance: string;
  debtorName: string | null;
  debtorIban: string | null;
  endToEndId: string | null;
}

export interface BankStatementFile {
  messageId: string;
  /** The statements' ids, in the file's order (a file may hold several accounts or days). */
  statementIds: string[];
  entries: StatementEntry[];
}

export type StatementProblem = { problem: "not_xml"; detail: string } | { problem: "not_camt053"; detail: string };
export type StatementReading = { ok: true; file: BankStatementFile } | ({ ok: false } & StatementProblem);

/** Bank statements never carry a document type declaration; refusing one keeps entity expansion out entirely. */
const DOCTYPE = /<!DOCTYPE/i;
/** Elements that may occur more than once, read as lists even when there is one. */
const REPEATED = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "Bal"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  // Every value stays text: an IBAN or a reference of digits must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** The node at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isNode(current)) return undefined;
    current = current[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** An element's text (its #text when it has attributes), trimmed; null when absent or empty. */
function text(node: unknown, ...path: string[]): string | null {
  const value = at(node, ...path);
  const raw = isNode(value) ? value["#text"] : value;
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const trimmed = String(raw).trim();
  return trimmed === "" ? null : trimmed;
}

function list(node: unknown, name: string): unknown[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A decimal amount ("1234.5", "0.99") as integer cents; null when it has more than two decimals or is not a plain amount. */
export function amountToCents(amount: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(2, "0");
  if (fraction.length > 2 && !/^0+$/.test(fraction.slice(2))) return null;
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The day of an ISO date or date-time ("2026-03-02", "2026-03-02T10:00:00+01:00"). */
const dayOf = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** A date group (BookgDt, ValDt): its Dt, else the day of its DtTm. */
const dateOf = (node: unknown, name: string): string | null => dayOf(text(node, name, "Dt") ?? text(node, name, "DtTm"));

/** The status code: a text before version .08 (<Sts>BOOK</Sts>), a code inside since (<Sts><Cd>BOOK</Cd></Sts>). */
const statusOf = (entry: unknown): string | null => text(entry, "Sts", "Cd") ?? text(entry, "Sts");

/** A party's name: directly inside before version .08, inside Pty since. */
const partyName = (party: unknown): string | null => text(party, "Nm") ?? text(party, "Pty", "Nm");

/** An amount element's cents and currency. */
function amountOf(node: unknown): { cents: number | null; currency: string } | null {
  const value = text(node);
  if (value === null) return null;
  const element = isNode(node) ? node : {};
  return { cents: amountToCents(value), currency: String(element["@Ccy"] ?? "").trim().toUpperCase() };
}

/** The remittance text of a transaction: its unstructured lines, and the creditor reference of structured ones. */
function remittanceOf(tx: unknown): string {
  const info = at(tx, "RmtInf");
  const lines = list(info, "Ustrd").map((line) => text(line) ?? "");
  const references = list(info, "Strd").map((strd) => text(strd, "CdtrRefInf", "Ref") ?? "");
  return [...lines, ...references]
    .filter((line) => line !== "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

function readEntries(statement: unknown, statementId: string): StatementEntry[] {
  const account = text(statement, "Acct", "Id", "IBAN")?.replace(/\s+/g, "").toUpperCase() ?? text(statement, "Acct", "Id", "Othr", "Id") ?? "";
  const entries: StatementEntry[] = [];
  list(statement, "Ntry").forEach((entry, entryIndex) => {
    const status = statusOf(entry);
    // Pending or information-only entries are not booked yet: the booked one comes with a later statement.
    if (status !== null && status !== "BOOK") return;
    const direction = text(entry, "CdtDbtInd") === "DBIT" ? "DBIT" : "CRDT";
    const reversal = text(entry, "RvslInd") === "true";
    const entryAmount = amountOf(at(entry, "Amt"));
    const entryReference = text(entry, "AcctSvcrRef") ?? `${statementId}/${text(entry, "NtryRef") ?? `#${entryIndex + 1}`}`;
    const transactions = list(entry, "NtryDtls").flatMap((details) => list(details, "TxDtls"));
    const several = transactions.length > 1;
    (transactions.length > 0 ? transactions : [undefined]).forEach((tx, txIndex) => {
      const txAmount = several ? (amountOf(at(tx, "AmtDtls", "TxAmt", "Amt")) ?? amountOf(at(tx, "Amt"))) : null;
      const amount = txAmount ?? entryAmount;
      const txReference = text(tx, "Refs", "AcctSvcrRef");
      entries.push({
        reference: several ? (txReference ?? `${entryReference}/${txIndex + 1}`) : entryReference,
        statementId,
        account,
        amountCents: amount?.cents ?? null,
        currency: amount?.currency ?? "",
        direction: several && text(tx, "CdtDbtInd") === "DBIT" ? "DBIT" : direction,
        reversal,
        bookingDate: dateOf(entry, "BookgDt"),
        valueDate: dateOf(entry, "ValDt"),
        remittance: remittanceOf(tx),
        debtorName: partyName(at(tx, "RltdPties", "Dbtr")) ?? partyName(at(tx, "RltdPties", "UltmtDbtr")),
        debtorIban: text(tx, "RltdPties", "DbtrAcct", "Id", "IBAN")?.replace(/\s+/g, "").toUpperCase() ?? null,
        endToEndId: ((id) => (id && id !== "NOTPROVIDED" ? id : null))(text(tx, "Refs", "EndToEndId")),
      });
    });
  });
  return entries;
}

/** Reads a camt.053 file; a text that is no XML, or XML that is no bank statement, is named as such. */
export function readCamt053(xml: string): StatementReading {
  if (DOCTYPE.test(xml)) return { ok: false, problem: "not_camt053", detail: "A bank statement has no document type declaration (<!DOCTYPE …>)." };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, problem: "not_xml", detail: `${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})` };
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    return { ok: false, problem: "not_xml", detail: error instanceof Error ? error.message : "unreadable" };
  }
  const root = at(document, "Document", "BkToCstmrStmt");
  if (!isNode(root)) return { ok: false, problem: "not_camt053", detail: "The file is XML, but no camt.053 bank statement (Document/BkToCstmrStmt)." };
  const statements = list(root, "Stmt");
  if (statements.length === 0) return { ok: false, problem: "not_camt053", detail: "The bank statement holds no statement (Stmt)." };
  const statementIds = statements.map((statement, index) => text(statement, "Id") ?? `${text(root, "GrpHdr", "MsgId") ?? "statement"}#${index + 1}`);
  return {
    ok: true,
    file: {
      messageId: text(root, "GrpHdr", "MsgId") ?? "",
      statementIds,
      entries: statements.flatMap((statement, index) => readEntries(statement, statementIds[index]!)),
    },
  };
}
