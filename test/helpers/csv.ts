/** RFC 4180 reader for the tests (quoted fields, doubled quotes, CRLF), written apart from the writer it checks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && s[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** "1508.00" (CSV, rupees) → 150800 paise, by the digits: no floating point. */
export function csvRupeesToPaise(v: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(v);
  if (!m) throw new Error(`not a CSV amount: ${JSON.stringify(v)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

/** "₹1,436.20" (as printed on the invoice) → 143620 paise. */
export function invoiceTextToPaise(v: string): number {
  const m = /^(−?)₹([\d,]+)\.(\d{2})$/.exec(v);
  if (!m) throw new Error(`not an invoice amount: ${JSON.stringify(v)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
}
