/**
 * The SEPA credit transfer file (ISO 20022 pain.001.001.09) that pays sellers out: one batch from
 * the shop's account, one transaction per payout. Built as a string from its input alone (no clock,
 * no randomness), so the same payouts always give the same file and a file can be rebuilt to
 * compare with what was sent. Amounts stay integer cents until they are written.
 */

export const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
/** The largest amount one SEPA credit transfer may carry: 999,999,999.99 €. */
export const MAX_TRANSFER_CENTS = 99_999_999_999;
export const MAX_NAME_LENGTH = 70;
export const MAX_REMITTANCE_LENGTH = 140;
export const MAX_ID_LENGTH = 35;

export interface CreditTransfer {
  /** Travels unchanged to the seller's bank and back in returns: what a payout is matched on. */
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** Optional within SEPA: banks find the creditor's bank from the IBAN. */
  creditorBic?: string;
  remittanceInformation: string;
}

export interface CreditTransferFileInput {
  messageId: string;
  createdAt: Date;
  /** The day the bank should execute the transfers, YYYY-MM-DD. */
  requestedExecutionDate: string;
  debtor: { name: string; iban: string; bic?: string };
  transfers: readonly CreditTransfer[];
}

/** Cents as the decimal amount ISO 20022 wants ("123.45"), by integer arithmetic: a float sum could be a cent off. */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === "number" && !Number.isSafeInteger(cents)) throw new Error(`formatCents needs a whole number of cents, got ${cents}.`);
  const value = BigInt(cents);
  const sign = value < 0n ? "-" : "";
  const absolute = value < 0n ? -value : value;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, "0")}`;
}

/** An IBAN in its electronic form: no spaces, capitals ("DE89 3704 0044 0532 0130 00" → "DE89370400440532013000"). */
export function normalizeIban(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/**
 * Whether an IBAN (printed or electronic form) is well formed and its check digits match
 * (ISO 13616 mod 97): a mistyped digit or two swapped ones are caught before the bank refuses the file.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits (A = 10 … Z = 35); the remainder stays small enough for exact arithmetic.
    const digits = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Characters every SEPA bank must accept; anything else may be refused or garbled on the way. */
const SEPA_CHARACTERS = /[A-Za-z0-9/\-?:().,'+ ]/;
const TRANSLITERATIONS: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ı: "i",
  "&": "+",
  "’": "'",
  "‘": "'",
  "‚": "'",
  "`": "'",
  "´": "'",
  "–": "-",
  "—": "-",
};

/**
 * Text in the SEPA character set, at most maxLength long: umlauts and ligatures written out
 * (ä → ae, ß → ss), other accents dropped (é → e), "&" as "+", anything else a space; runs of
 * spaces become one and the ends are trimmed. A seller's name keeps its letters instead of the
 * bank turning them into question marks.
 */
export function toSepaText(value: string, maxLength: number): string {
  let text = "";
  for (const char of value.normalize("NFC")) {
    // NFKD splits an accent from its letter (é → e + ´) and unfolds compatibility forms (ﬁ → fi, Ａ → A).
    const mapped = TRANSLITERATIONS[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
    for (const c of mapped) text += SEPA_CHARACTERS.test(c) ? c : " ";
  }
  return text.replace(/ {2,}/g, " ").trim().slice(0, maxLength).trimEnd();
}

const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

/** Ids are written as given, never shortened or changed: a changed id would no longer match the payout it names. */
function checkId(label: string, value: string): string {
  if (!SEPA_ID.test(value) || value !== value.trim() || value.startsWith("/") || value.endsWith("/") || value.includes("//")) {
    throw new Error(`${label} "${value}" is not a SEPA identifier: 1–${MAX_ID_LENGTH} of A–Z a–z 0–9 / - ? : ( ) . , ' + and space, not starting or ending with "/" or a space, without "//".`);
  }
  return value;
}

function checkName(label: string, value: string): string {
  const name = toSepaText(value, MAX_NAME_LENGTH);
  if (name === "") throw new Error(`${label} is empty once written in the SEPA character set ("${value}").`);
  return name;
}

function checkIban(label: string, value: string): string {
  if (!isValidIban(value)) throw new Error(`${label} "${value}" is not a valid IBAN.`);
  return normalizeIban(value);
}

/** A BIC in capitals, or null when none was given. */
function checkBic(label: string, value: string | undefined): string | null {
  const bic = value?.trim().toUpperCase() ?? "";
  if (bic === "") return null;
  if (!/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new Error(`${label} "${value}" is not a valid BIC.`);
  return bic;
}

function checkDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw new Error(`requestedExecutionDate "${value}" is not a date in the form YYYY-MM-DD.`);
  return value;
}

/** ISO 20022 date and time in UTC, to the second: what every bank's parser reads. */
function formatDateTime(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new Error("createdAt is not a valid date.");
  return `${value.toISOString().slice(0, 19)}Z`;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

type XmlElement = { tag: string; attributes?: Record<string, string>; text?: string; children?: (XmlElement | null)[] };

/** An element per line, indented by depth: a file a person can read when the bank questions it. A null child is left out. */
function render(node: XmlElement, depth: number): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
  if (node.text !== undefined) return `${indent}<${node.tag}${attributes}>${escapeXml(node.text)}</${node.tag}>\n`;
  const children = (node.children ?? []).filter((child): child is XmlElement => child !== null);
  return `${indent}<${node.tag}${attributes}>\n${children.map((child) => render(child, depth + 1)).join("")}${indent}</${node.tag}>\n`;
}

const el = (tag: string, content: string | (XmlElement | null)[], attributes?: Record<string, string>): XmlElement =>
  typeof content === "string" ? { tag, text: content, attributes } : { tag, children: content, attributes };

/** A bank by its BIC, or "not provided" as SEPA allows for the debtor's own bank. */
function agent(bic: string | null): XmlElement {
  return el("FinInstnId", bic ? [el("BICFI", bic)] : [el("Othr", [el("Id", "NOTPROVIDED")])]);
}

/**
 * The pain.001.001.09 file for these transfers: one payment information block (batch booking,
 * SEPA service level, shared charges), and the number of transactions and their sum in both the
 * group header and the block. Throws an Error naming the field when the input cannot make a valid
 * file: no transfers, an amount not a positive whole number of cents (or above the SEPA maximum),
 * an invalid IBAN, BIC, id or date, a name that is empty in the SEPA character set, or an
 * end-to-end id used twice. Names are cut to 70 characters and the remittance information to 140;
 * an empty remittance information leaves the element out.
 */
export function buildCreditTransferFile(input: CreditTransferFileInput): string {
  if (input.transfers.length === 0) throw new Error("A credit transfer file needs at least one transfer.");
  const messageId = checkId("messageId", input.messageId);
  const createdAt = formatDateTime(input.createdAt);
  const executionDate = checkDate(input.requestedExecutionDate);
  const debtorName = checkName("debtor.name", input.debtor.name);
  const debtorIban = checkIban("debtor.iban", input.debtor.iban);
  const debtorBic = checkBic("debtor.bic", input.debtor.bic);

  const endToEndIds = new Set<string>();
  let total = 0n;
  const transactions = input.transfers.map((transfer, i) => {
    const at = `transfers[${i}]`;
    const endToEndId = checkId(`${at}.endToEndId`, transfer.endToEndId);
    if (endToEndIds.has(endToEndId)) throw new Error(`${at}.endToEndId "${endToEndId}" is used by another transfer of this file.`);
    endToEndIds.add(endToEndId);
    const { amountCents } = transfer;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_TRANSFER_CENTS) {
      throw new Error(`${at}.amountCents must be a whole number of cents from 1 to ${MAX_TRANSFER_CENTS}, got ${amountCents}.`);
    }
    total += BigInt(amountCents);
    const creditorBic = checkBic(`${at}.creditorBic`, transfer.creditorBic);
    const remittance = toSepaText(transfer.remittanceInformation, MAX_REMITTANCE_LENGTH);
    return el("CdtTrfTxInf", [
      el("PmtId", [el("EndToEndId", endToEndId)]),
      el("Amt", [el("InstdAmt", formatCents(amountCents), { Ccy: "EUR" })]),
      // Without a BIC the creditor's bank is left out altogether, as SEPA asks.
      creditorBic ? el("CdtrAgt", [agent(creditorBic)]) : null,
      el("Cdtr", [el("Nm", checkName(`${at}.creditorName`, transfer.creditorName))]),
      el("CdtrAcct", [el("Id", [el("IBAN", checkIban(`${at}.creditorIban`, transfer.creditorIban))])]),
      remittance ? el("RmtInf", [el("Ustrd", remittance)]) : null,
    ]);
  });
  const count = String(input.transfers.length);
  const controlSum = formatCents(total);

  const pain001 = el("Document", [
    el("CstmrCdtTrfInitn", [
      el("GrpHdr", [el("MsgId", messageId), el("CreDtTm", createdAt), el("NbOfTxs", count), el("CtrlSum", controlSum), el("InitgPty", [el("Nm", debtorName)])]),
      el("PmtInf", [
        el("PmtInfId", messageId),
        el("PmtMtd", "TRF"),
        el("BtchBookg", "true"),
        el("NbOfTxs", count),
        el("CtrlSum", controlSum),
        el("PmtTpInf", [el("SvcLvl", [el("Cd", "SEPA")])]),
        el("ReqdExctnDt", [el("Dt", executionDate)]),
        el("Dbtr", [el("Nm", debtorName)]),
        el("DbtrAcct", [el("Id", [el("IBAN", debtorIban)])]),
        el("DbtrAgt", [agent(debtorBic)]),
        el("ChrgBr", "SLEV"),
        ...transactions,
      ]),
    ]),
  ], { xmlns: PAIN_001_NAMESPACE });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(pain001, 0)}`;
}
