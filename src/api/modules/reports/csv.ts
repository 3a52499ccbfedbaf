import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { centsAsDecimal } from "../../../domain/reports/reports.ts";

/** One column of a CSV file: its header and its cell of a row; money columns hold cents and are written as euros. */
export interface CsvColumn<Row> {
  header: string;
  cell(row: Row): string | number | null;
  money?: boolean;
}

/**
 * A CSV file streamed from batches of rows: RFC 4180 (comma, CRLF, fields with a comma, a quote or a
 * line break quoted, quotes doubled), UTF-8 with a byte order mark, so that Excel reads umlauts right
 * when the file is opened by a double click, and a header row. A text cell that a spreadsheet would
 * run as a formula (= + - @, tab, CR, and their full-width forms) is written with a leading
 * apostrophe; amounts are numbers and stay as they are ("-12.50"). Only a batch at a time is in
 * memory: the next is read when the client has taken what came before.
 */
export function csvFile<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>, onError: (error: unknown) => void): Readable {
  const money = new Set(columns.flatMap((column, i) => (column.money ? [i] : [])));
  const file = stringify({
    // The text that may wait for a slow client, besides the batch at hand and a few rows.
    readableHighWaterMark: 16 * 1024,
    bom: true,
    header: true,
    columns: columns.map((column, i) => ({ key: String(i), header: column.header })),
    record_delimiter: "windows",
    // With a record delimiter of its own the library would quote only that one: a lone LF or CR must be quoted as well.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { number: (value, context) => (money.has(context.index) ? centsAsDecimal(value) : String(value)) },
  });
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield columns.map((column) => column.cell(row));
  }
  // A failure halfway (the database gone) ends the download broken rather than looking complete.
  pipeline(Readable.from(records()), file).catch(onError);
  return file;
}

/**
 * The batches of a keyset read: each call reads the rows after the last one of the batch before,
 * until a batch comes back short. Each batch is read only when the one before has been taken.
 */
export async function* keysetBatches<Row>(read: (after: Row | null) => Promise<Row[]>, batchSize: number): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    after = batch.at(-1)!;
  }
}
