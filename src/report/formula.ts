// The cells every CSV writer of bgaudit guards against formula injection (report/csv.ts says why).

/**
 * A cell that a spreadsheet would read as a formula, or one that starts with `'`s before such a
 * character: it gets one `'` more, so that reading a cell back takes exactly one off (a name that
 * really starts `'=` keeps it: results/rows.ts `unguard`).
 */
export const FORMULA = /^'*[=+\-@\t\r]/;
