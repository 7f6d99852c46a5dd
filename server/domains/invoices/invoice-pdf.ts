import zlib from 'node:zlib';
import type { Invoice } from '../../../shared/schemas/invoices';
import { formatInvoiceAmount } from '../../../shared/rules/gst-invoice';

/**
 * A small PDF writer for the tax invoice: one A4 page, the two built-in
 * Helvetica faces (every PDF reader has them, nothing to embed), WinAnsi
 * text, filled rectangles and rules. Written by hand rather than pulling in a
 * PDF library and its font stack for one page of text.
 *
 * The built-in fonts have no ₹ glyph, so amounts read "Rs. 283.81"; characters
 * outside WinAnsi (non-Latin scripts) print as "?".
 */

// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold for ASCII 32–126, from Adobe's AFM files.
const HELV = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELV_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
  333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
  611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Unicode → WinAnsi byte for the few non-Latin-1 characters the invoice uses. */
const WIN_ANSI_EXTRA: Record<string, [number, number]> = {
  // char: [code, width]
  '–': [0x96, 556],
  '—': [0x97, 1000],
  '’': [0x92, 222],
  '‘': [0x91, 222],
  '“': [0x93, 333],
  '”': [0x94, 333],
  '•': [0x95, 350],
};

type Font = 'F1' | 'F2';

/** Text → WinAnsi bytes (as a latin1 string) and its width in points. */
function encode(text: string, font: Font, size: number): { bytes: string; width: number } {
  const table = font === 'F2' ? HELV_BOLD : HELV;
  let bytes = '';
  let units = 0;
  const clean = text
    .replace(/₹\s?/g, 'Rs. ')
    .replace(/−/g, '-')
    .replace(/×/g, 'x')
    .replace(/[\u00a0\u2009\u202f]/g, ' ');
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 32 && cp <= 126) {
      bytes += ch;
      units += table[cp - 32]!;
    } else if (WIN_ANSI_EXTRA[ch]) {
      const [code, w] = WIN_ANSI_EXTRA[ch]!;
      bytes += String.fromCharCode(code);
      units += w;
    } else if (cp >= 0xa0 && cp <= 0xff) {
      bytes += ch;
      units += 556;
    } else {
      bytes += '?';
      units += table['?'.charCodeAt(0) - 32]!;
    }
  }
  return { bytes, width: (units * size) / 1000 };
}

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
const n = (v: number) => (Math.round(v * 100) / 100).toString();

type Rgb = [number, number, number];
const INK: Rgb = [0.09, 0.16, 0.14];
const MUTED: Rgb = [0.38, 0.45, 0.42];
const GREEN: Rgb = [0.12, 0.42, 0.29];
const WASH: Rgb = [0.93, 0.96, 0.93];
const RULE: Rgb = [0.82, 0.87, 0.84];

class Canvas {
  ops: string[] = [];
  text(x: number, y: number, s: string, o: { font?: Font; size?: number; color?: Rgb; align?: 'left' | 'right' | 'center' } = {}) {
    const font = o.font ?? 'F1';
    const size = o.size ?? 9;
    const { bytes, width } = encode(s, font, size);
    const left = o.align === 'right' ? x - width : o.align === 'center' ? x - width / 2 : x;
    const [r, g, b] = o.color ?? INK;
    this.ops.push(`BT /${font} ${n(size)} Tf ${n(r)} ${n(g)} ${n(b)} rg ${n(left)} ${n(y)} Td (${escapePdf(bytes)}) Tj ET`);
    return width;
  }
  width(s: string, font: Font = 'F1', size = 9) {
    return encode(s, font, size).width;
  }
  /** Greedy word wrap to `max` points. */
  wrap(s: string, max: number, font: Font = 'F1', size = 9): string[] {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, font, size) <= max || !line) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
    return out.length ? out : [''];
  }
  rect(x: number, y: number, w: number, h: number, fill: Rgb) {
    this.ops.push(`${n(fill[0])} ${n(fill[1])} ${n(fill[2])} rg ${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
  }
  line(x1: number, y1: number, x2: number, y2: number, color: Rgb = RULE, width = 0.6) {
    this.ops.push(`${n(color[0])} ${n(color[1])} ${n(color[2])} RG ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }
}

const fmtDate = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' }).format(new Date(iso));
const money = (p: number) => formatInvoiceAmount(p, 'Rs. ');

/** Lays the invoice out on an A4 page and returns the PDF file. */
export function renderInvoicePdf(inv: Invoice): Buffer {
  const W = 595.28;
  const H = 841.89;
  const M = 42;
  const c = new Canvas();
  let y = H - M;

  // Title band.
  c.rect(0, H - 6, W, 6, GREEN);
  c.text(M, y - 14, 'TAX INVOICE', { font: 'F2', size: 18, color: GREEN });
  c.text(W - M, y - 10, inv.seller.name, { font: 'F2', size: 14, align: 'right' });
  c.text(W - M, y - 23, 'Fresh hydroponic shakes', { size: 8.5, color: MUTED, align: 'right' });
  y -= 46;

  // Seller (left) and invoice facts (right).
  const top = y;
  c.text(M, y, inv.seller.legalName, { font: 'F2', size: 10 });
  y -= 13;
  for (const l of inv.seller.lines) {
    c.text(M, y, l, { color: MUTED });
    y -= 11.5;
  }
  c.text(M, y, `GSTIN: ${inv.seller.gstin}`, { font: 'F2', size: 8.5 });
  y -= 11.5;
  c.text(M, y, `FSSAI Lic. No.: ${inv.seller.fssai}`, { size: 8.5 });
  y -= 11.5;
  c.text(M, y, `${inv.seller.phone ?? ''}  •  ${inv.seller.email ?? ''}`, { size: 8.5, color: MUTED });
  const leftBottom = y;

  const facts: [string, string][] = [
    ['Invoice no.', inv.number],
    ['Invoice date', fmtDate(inv.issuedAt)],
    ['Order no.', inv.orderNumber],
    ['Order date', fmtDate(inv.orderDate)],
    ['Place of supply', inv.placeOfSupply],
  ];
  let fy = top;
  for (const [k, v] of facts) {
    c.text(W - M - 150, fy, k, { size: 8.5, color: MUTED });
    c.text(W - M, fy, v, { font: 'F2', size: 9, align: 'right' });
    fy -= 13;
  }
  y = Math.min(leftBottom, fy) - 18;

  // Bill to / ship to.
  c.line(M, y + 8, W - M, y + 8);
  c.text(M, y - 6, 'BILL TO / SHIP TO', { font: 'F2', size: 7.5, color: GREEN });
  c.text(W - M, y - 6, 'Unregistered buyer (B2C)', { size: 8, color: MUTED, align: 'right' });
  y -= 20;
  c.text(M, y, inv.buyer.name, { font: 'F2', size: 10 });
  y -= 12.5;
  for (const l of inv.buyer.lines) {
    for (const part of c.wrap(l, 300)) {
      c.text(M, y, part, { color: MUTED });
      y -= 11.5;
    }
  }
  const contact = [inv.buyer.phone, inv.buyer.email].filter(Boolean).join('  •  ');
  if (contact) {
    c.text(M, y, contact, { size: 8.5, color: MUTED });
    y -= 11.5;
  }
  y -= 14;

  // Items.
  const col = { no: M + 8, desc: M + 28, hsn: W - M - 230, qty: W - M - 168, rate: W - M - 92, amount: W - M - 8 };
  c.rect(M, y - 6, W - 2 * M, 20, WASH);
  const head = (x: number, s: string, align: 'left' | 'right' = 'left') => c.text(x, y, s, { font: 'F2', size: 8, color: GREEN, align });
  head(col.no, '#');
  head(col.desc, 'Description');
  head(col.hsn, 'HSN');
  head(col.qty, 'Qty', 'right');
  head(col.rate, 'Rate (incl. GST)', 'right');
  head(col.amount, 'Amount', 'right');
  y -= 22;
  inv.lines.forEach((l, i) => {
    const desc = c.wrap(l.description, col.hsn - col.desc - 12, 'F1', 9);
    c.text(col.no, y, String(i + 1), { color: MUTED });
    desc.forEach((d, j) => c.text(col.desc, y - j * 11, d));
    c.text(col.hsn, y, l.hsn, { color: MUTED });
    c.text(col.qty, y, String(l.quantity), { align: 'right' });
    c.text(col.rate, y, money(l.unitPrice), { align: 'right' });
    c.text(col.amount, y, money(l.amount), { align: 'right' });
    let rows = desc.length;
    if (l.note) {
      c.text(col.desc, y - rows * 11, l.note, { size: 7.5, color: GREEN });
      rows++;
    }
    y -= rows * 11 + 6;
    c.line(M, y + 3, W - M, y + 3);
    y -= 8;
  });

  // Totals.
  const label = W - M - 215;
  const row = (k: string, v: string, bold = false) => {
    c.text(label, y, k, { font: bold ? 'F2' : 'F1', size: bold ? 10 : 9, color: bold ? INK : MUTED });
    c.text(col.amount, y, v, { font: bold ? 'F2' : 'F1', size: bold ? 10 : 9, align: 'right' });
    y -= bold ? 16 : 13;
  };
  y -= 2;
  row('Subtotal', money(inv.subtotal));
  for (const a of inv.adjustments) row(a.label, a.amount < 0 ? `- ${money(-a.amount)}` : money(a.amount));
  y -= 2;
  c.line(label, y + 9, W - M, y + 9, INK, 0.8);
  y -= 6;
  row('Invoice total (incl. GST)', money(inv.total), true);
  y -= 8;

  // Tax summary.
  c.text(M, y, 'TAX SUMMARY', { font: 'F2', size: 7.5, color: GREEN });
  y -= 8;
  c.rect(M, y - 14, W - 2 * M, 18, WASH);
  const t = { taxable: M + 8, cgst: M + 180, sgst: M + 320, total: W - M - 8 };
  c.text(t.taxable, y - 8, 'Taxable value', { font: 'F2', size: 8 });
  c.text(t.cgst, y - 8, `CGST @ ${inv.tax.cgstRatePercent}%`, { font: 'F2', size: 8 });
  c.text(t.sgst, y - 8, `SGST @ ${inv.tax.sgstRatePercent}%`, { font: 'F2', size: 8 });
  c.text(t.total, y - 8, 'Total tax', { font: 'F2', size: 8, align: 'right' });
  y -= 30;
  c.text(t.taxable, y, money(inv.tax.taxable));
  c.text(t.cgst, y, money(inv.tax.cgst));
  c.text(t.sgst, y, money(inv.tax.sgst));
  c.text(t.total, y, money(inv.tax.cgst + inv.tax.sgst), { align: 'right' });
  y -= 10;
  c.line(M, y, W - M, y);
  y -= 16;
  c.text(M, y, 'Amount in words:', { size: 8.5, color: MUTED });
  for (const part of c.wrap(inv.amountInWords, W - 2 * M - 80, 'F2', 9)) {
    c.text(M + 80, y, part, { font: 'F2', size: 9 });
    y -= 12;
  }
  y -= 4;
  c.text(M, y, `Payment: ${inv.payment.method} — ${inv.payment.status}${inv.payment.paidAt ? ` on ${fmtDate(inv.payment.paidAt)}` : ''}`, {
    size: 8.5,
    color: MUTED,
  });
  y -= 12;
  if (inv.remark) {
    c.text(M, y, inv.remark, { font: 'F2', size: 8.5, color: [0.62, 0.22, 0.14] });
    y -= 12;
  }

  // Signature and footer.
  c.text(W - M, Math.max(y - 30, 110), `For ${inv.seller.legalName}`, { font: 'F2', size: 9, align: 'right' });
  c.text(W - M, Math.max(y - 44, 96), 'Authorised signatory', { size: 8, color: MUTED, align: 'right' });
  c.line(M, 62, W - M, 62);
  c.text(M, 48, 'Prices include GST. Supply within Karnataka: tax shown as CGST and SGST. This is a computer-generated invoice.', {
    size: 7.5,
    color: MUTED,
  });
  c.text(M, 37, `${inv.seller.legalName}  •  GSTIN ${inv.seller.gstin}  •  ${inv.seller.email}`, { size: 7.5, color: MUTED });

  return assemble(c.ops.join('\n'), W, H, inv);
}

/** Objects, cross-reference table and trailer, with byte offsets counted exactly. */
function assemble(content: string, W: number, H: number, inv: Invoice): Buffer {
  const stream = zlib.deflateSync(Buffer.from(content, 'latin1'));
  const info = (s: string) => `(${escapePdf(encode(s, 'F1', 1).bytes)})`;
  const objects: (string | Buffer)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(W)} ${n(H)}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`],
    [`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, stream, '\nendstream'],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'],
    [
      `<< /Title ${info(`Tax invoice ${inv.number}`)} /Author ${info(inv.seller.legalName)} /Producer (Hydro Shakes) /CreationDate (D:${inv.issuedAt.replace(/[-:T]/g, '').slice(0, 14)}Z) >>`,
    ],
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((pieces, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      ...pieces.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p, 'latin1'))),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}
