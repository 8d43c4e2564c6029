// CSV as spreadsheets write it (RFC 4180): cells separated by commas (or the semicolons or tabs some locales
// use, told from the header row), a cell in double quotes when it holds the separator, a quote (doubled) or a
// line break. Rows are numbered as a spreadsheet numbers them (the header is row 1), columns from 1, so an
// error can say `cards.csv:ROW:COLUMN`.

export interface CsvRow {
  /** the row number a spreadsheet shows (the header is 1) */
  row: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(message: string, readonly row: number, readonly col: number) {
    super(message);
  }
}

/** Limits on what is read: a card list is a few hundred rows. */
export const CSV_LIMITS = { bytes: 4 * 1024 * 1024, rows: 20_000, cell: 64 * 1024, columns: 500 };

/** The separator of a CSV text: the one of `,` `;` or a tab that its first row uses most (outside quotes). */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > counts.get(best)!) best = c;
  return best;
}

/** Reads a CSV text into rows of cells; rows with no text at all (a blank line at the end) are left out. */
export function parseCsv(input: string): CsvRow[] {
  if (input.length > CSV_LIMITS.bytes) throw new CsvSyntaxError(`the CSV is ${input.length} characters long; the limit is ${CSV_LIMITS.bytes}`, 1, 1);
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = separatorOf(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let row = 1;
  let i = 0;
  const endCell = () => {
    if (cell.length > CSV_LIMITS.cell) throw new CsvSyntaxError(`a cell of ${cell.length} characters; the limit is ${CSV_LIMITS.cell}`, row, cells.length + 1);
    cells.push(cell);
    if (cells.length > CSV_LIMITS.columns) throw new CsvSyntaxError(`more than ${CSV_LIMITS.columns} columns`, row, cells.length);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c !== '')) rows.push({ row, cells });
    if (rows.length > CSV_LIMITS.rows) throw new CsvSyntaxError(`more than ${CSV_LIMITS.rows} rows`, row, 1);
    cells = [];
    row++;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && cell === '') {
      // a quoted cell: up to the quote that is not doubled
      const startCol = cells.length + 1;
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new CsvSyntaxError('a quoted cell is not closed (a " is missing)', row, startCol);
        cell += text.slice(i, q);
        if (text[q + 1] === '"') { cell += '"'; i = q + 2; continue; }
        i = q + 1;
        break;
      }
      const next = text[i];
      if (next !== undefined && next !== sep && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(`text after the closing quote of a cell: a quote inside a cell is written twice ("")`, row, startCol);
      }
      continue;
    }
    if (c === sep) { endCell(); i++; continue; }
    if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c === '"') throw new CsvSyntaxError('a quote in the middle of a cell: put the whole cell in quotes and write the quote twice ("")', row, cells.length + 1);
    cell += c;
    i++;
  }
  if (cell !== '' || cells.length) endRow();
  return rows;
}

/** One cell as CSV: in quotes when it holds a comma, a quote, a line break, or spaces at either end. */
export function csvCell(s: string): string {
  return /[",\r\n;\t]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as CSV text, one line per row, ending with a line break. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
