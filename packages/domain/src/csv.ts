/**
 * Leads that make a spreadsheet treat a cell as a formula (CSV injection): = + - @, and a tab or
 * carriage return, which some programs skip before reading the rest as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative number ("-12", "-3.5") is data, not a formula: it stays as it is. */
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** True when a spreadsheet could read the text as a formula. */
export function isFormulaLead(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NEGATIVE_NUMBER.test(text);
}

/**
 * One CSV cell: a cell with a formula lead (see isFormulaLead) is prefixed with a single quote so
 * spreadsheet programs show it as text, then the cell is quoted (RFC 4180) when it holds a comma,
 * a quote or a line break.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (isFormulaLead(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 has it). */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
