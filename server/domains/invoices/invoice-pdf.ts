import fs from 'node:fs';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import type { Invoice } from '../../../shared/schemas/invoices';
import { formatInvoiceAmount } from '../../../shared/rules/gst-invoice';
import { formatDate } from '../../../shared/rules/dates';

/**
 * The tax invoice as a PDF: one A4 page drawn with pdfkit (decision 047), in Noto Sans embedded from
 * @fontsource/noto-sans (SIL Open Font Licence), so amounts print with the ₹ sign.
 *
 * Fontsource ships the font cut by script: the "latin" file has the digits and letters but not ₹
 * (U+20B9), the "latin-ext" file has ₹ but not ASCII. Each string is drawn in runs, every character
 * in the first file whose Unicode ranges (the package's unicode.json) hold it. pdfkit subsets what is
 * used, so the file stays small (about 30 KB).
 *
 * pdfkit is imported on the first invoice asked for, not at boot (idle memory, decision 031); the
 * font files are read once and kept (about 190 KB).
 */

// @types/pdfkit describes the CommonJS export; the ES module pdfkit ships for Node exports it as default.
type PdfKitCtor = PDFKit.PDFDocument;
let pdfkit: Promise<PdfKitCtor> | undefined;
const loadPdfKit = (): Promise<PdfKitCtor> => (pdfkit ??= import('pdfkit').then((m) => (m as unknown as { default: PdfKitCtor }).default));

const require = createRequire(import.meta.url);
interface Fonts {
  regular: Buffer;
  bold: Buffer;
  regularExt: Buffer;
  boldExt: Buffer;
  latin: [number, number][];
  latinExt: [number, number][];
}
let loaded: Fonts | undefined;
/** The four font files and the code-point ranges of each cut, read on first use and kept. */
export function fonts(): Fonts {
  if (loaded) return loaded;
  const file = (name: string) => woffToSfnt(fs.readFileSync(require.resolve(`@fontsource/noto-sans/files/${name}`)));
  const unicode = JSON.parse(fs.readFileSync(require.resolve('@fontsource/noto-sans/unicode.json'), 'utf8')) as Record<string, string>;
  const ranges = (spec: string): [number, number][] =>
    spec.split(',').map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
    });
  loaded = {
    regular: file('noto-sans-latin-400-normal.woff'),
    bold: file('noto-sans-latin-700-normal.woff'),
    regularExt: file('noto-sans-latin-ext-400-normal.woff'),
    boldExt: file('noto-sans-latin-ext-700-normal.woff'),
    latin: ranges(unicode.latin!),
    latinExt: ranges(unicode['latin-ext']!),
  };
  return loaded;
}

/**
 * WOFF 1.0 → the TrueType file it wraps (tables inflated with node:zlib). fontkit reads WOFF too, but
 * inflates it in JavaScript every time a document opens the font (~80 ms per file); unwrapped once
 * here, each invoice opens plain TrueType.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not 'wOFF': already a TrueType/OpenType file
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(e),
      checksum: woff.readUInt32BE(e + 16),
      data: compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw),
    });
  }
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const head = Buffer.alloc(12 + numTables * 16);
  head.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor: the sfnt version
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(searchRange, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - searchRange, 10);
  const body: Buffer[] = [];
  let offset = head.length;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    head.writeUInt32BE(t.tag, r);
    head.writeUInt32BE(t.checksum, r + 4);
    head.writeUInt32BE(offset, r + 8);
    head.writeUInt32BE(t.data.length, r + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    body.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...body]);
}

const inRanges = (cp: number, rs: readonly [number, number][]) => rs.some(([a, b]) => cp >= a && cp <= b);

/** A string cut into runs: `ext` runs are drawn with the latin-ext file (₹ and accented letters). */
export function textRuns(s: string): { text: string; ext: boolean }[] {
  const f = fonts();
  const out: { text: string; ext: boolean }[] = [];
  for (const ch of s.replace(/[\u00a0\u2009\u202f]/g, ' ')) {
    const cp = ch.codePointAt(0)!;
    const ext = !inRanges(cp, f.latin) && inRanges(cp, f.latinExt);
    const last = out[out.length - 1];
    if (last && last.ext === ext) last.text += ch;
    else out.push({ text: ch, ext });
  }
  return out;
}

export type Rgb = [number, number, number];
export const INK: Rgb = [0.09, 0.16, 0.14];
export const MUTED: Rgb = [0.38, 0.45, 0.42];
export const GREEN: Rgb = [0.12, 0.42, 0.29];
export const WASH: Rgb = [0.93, 0.96, 0.93];
export const RULE: Rgb = [0.82, 0.87, 0.84];

const rgb = ([r, g, b]: Rgb): [number, number, number] => [Math.round(r * 255), Math.round(g * 255), Math.round(b * 255)];

type Weight = 'regular' | 'bold';

/** pdfkit with the shop's fonts (₹ and accented names), in points from the bottom-left; the kitchen's PDFs draw with it too. */
export class Canvas {
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly H: number,
  ) {
    const f = fonts();
    doc.registerFont('regular', f.regular);
    doc.registerFont('bold', f.bold);
    doc.registerFont('regular-ext', f.regularExt);
    doc.registerFont('bold-ext', f.boldExt);
    this.done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (b: Buffer) => this.chunks.push(b));
      doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      doc.on('error', reject);
    });
  }
  private runs(s: string, font: Weight, size: number) {
    return textRuns(s).map((r) => {
      const name = r.ext ? `${font}-ext` : font;
      this.doc.font(name).fontSize(size);
      return { text: r.text, name, width: this.doc.widthOfString(r.text) };
    });
  }
  text(x: number, y: number, s: string, o: { font?: Weight; size?: number; color?: Rgb; align?: 'left' | 'right' | 'center' } = {}) {
    const font = o.font ?? 'regular';
    const size = o.size ?? 9;
    const runs = this.runs(s, font, size);
    const width = runs.reduce((n, r) => n + r.width, 0);
    let left = o.align === 'right' ? x - width : o.align === 'center' ? x - width / 2 : x;
    this.doc.fillColor(rgb(o.color ?? INK));
    for (const r of runs) {
      this.doc
        .font(r.name)
        .fontSize(size)
        .text(r.text, left, this.H - y, { lineBreak: false, baseline: 'alphabetic' });
      left += r.width;
    }
    return width;
  }
  width(s: string, font: Weight = 'regular', size = 9) {
    return this.runs(s, font, size).reduce((n, r) => n + r.width, 0);
  }
  /** Greedy word wrap to `max` points. */
  wrap(s: string, max: number, font: Weight = 'regular', size = 9): string[] {
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
    this.doc.rect(x, this.H - y - h, w, h).fill(rgb(fill));
  }
  line(x1: number, y1: number, x2: number, y2: number, color: Rgb = RULE, width = 0.6) {
    this.doc
      .moveTo(x1, this.H - y1)
      .lineTo(x2, this.H - y2)
      .lineWidth(width)
      .stroke(rgb(color));
  }
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}

/** The shop's one date formatter: the day in Asia/Kolkata ("27 Nov 2026"). */
const fmtDate = (iso: string) => formatDate(iso, 'date');
const money = (p: number) => formatInvoiceAmount(p);

/** An A4 page in PDF points. */
export const A4 = { W: 595.28, H: 841.89 };

/**
 * A new A4 PDF of one page, no margins, and its canvas: the invoice's and the kitchen's printouts.
 * `at`: the document's creation date (the shop's clock, so the same request makes the same bytes).
 */
export async function newA4Pdf(info: { title: string; author: string; at: Date }) {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [A4.W, A4.H],
    margin: 0,
    autoFirstPage: true,
    compress: true,
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Producer: 'Hydro Shakes', CreationDate: info.at },
  });
  return { doc, c: new Canvas(doc, A4.H) };
}

/**
 * Lays the invoice out on an A4 page and returns the PDF file. Coordinates are PDF points from the
 * bottom-left corner, text placed on its baseline. pdfkit is loaded on the first invoice, not at boot.
 */
export async function renderInvoicePdf(inv: Invoice): Promise<Buffer> {
  const { W, H } = A4;
  const M = 42;
  const { c } = await newA4Pdf({ title: `Tax invoice ${inv.number}`, author: inv.seller.legalName, at: new Date(inv.issuedAt) });
  let y = H - M;

  // Title band.
  c.rect(0, H - 6, W, 6, GREEN);
  c.text(M, y - 14, 'TAX INVOICE', { font: 'bold', size: 18, color: GREEN });
  c.text(W - M, y - 10, inv.seller.name, { font: 'bold', size: 14, align: 'right' });
  c.text(W - M, y - 23, 'Fresh hydroponic shakes', { size: 8.5, color: MUTED, align: 'right' });
  y -= 46;

  // Seller (left) and invoice facts (right).
  const top = y;
  c.text(M, y, inv.seller.legalName, { font: 'bold', size: 10 });
  y -= 13;
  for (const l of inv.seller.lines) {
    c.text(M, y, l, { color: MUTED });
    y -= 11.5;
  }
  c.text(M, y, `GSTIN: ${inv.seller.gstin}`, { font: 'bold', size: 8.5 });
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
    c.text(W - M, fy, v, { font: 'bold', size: 9, align: 'right' });
    fy -= 13;
  }
  y = Math.min(leftBottom, fy) - 18;

  // Bill to / ship to.
  c.line(M, y + 8, W - M, y + 8);
  c.text(M, y - 6, 'BILL TO / SHIP TO', { font: 'bold', size: 7.5, color: GREEN });
  c.text(W - M, y - 6, 'Unregistered buyer (B2C)', { size: 8, color: MUTED, align: 'right' });
  y -= 20;
  c.text(M, y, inv.buyer.name, { font: 'bold', size: 10 });
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
  const head = (x: number, s: string, align: 'left' | 'right' = 'left') => c.text(x, y, s, { font: 'bold', size: 8, color: GREEN, align });
  head(col.no, '#');
  head(col.desc, 'Description');
  head(col.hsn, 'HSN');
  head(col.qty, 'Qty', 'right');
  head(col.rate, 'Rate (incl. GST)', 'right');
  head(col.amount, 'Amount', 'right');
  y -= 22;
  inv.lines.forEach((l, i) => {
    const desc = c.wrap(l.description, col.hsn - col.desc - 12, 'regular', 9);
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
    c.text(label, y, k, { font: bold ? 'bold' : 'regular', size: bold ? 10 : 9, color: bold ? INK : MUTED });
    c.text(col.amount, y, v, { font: bold ? 'bold' : 'regular', size: bold ? 10 : 9, align: 'right' });
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
  c.text(M, y, 'TAX SUMMARY', { font: 'bold', size: 7.5, color: GREEN });
  y -= 8;
  c.rect(M, y - 14, W - 2 * M, 18, WASH);
  const t = { taxable: M + 8, cgst: M + 180, sgst: M + 320, total: W - M - 8 };
  c.text(t.taxable, y - 8, 'Taxable value', { font: 'bold', size: 8 });
  c.text(t.cgst, y - 8, `CGST @ ${inv.tax.cgstRatePercent}%`, { font: 'bold', size: 8 });
  c.text(t.sgst, y - 8, `SGST @ ${inv.tax.sgstRatePercent}%`, { font: 'bold', size: 8 });
  c.text(t.total, y - 8, 'Total tax', { font: 'bold', size: 8, align: 'right' });
  y -= 30;
  c.text(t.taxable, y, money(inv.tax.taxable));
  c.text(t.cgst, y, money(inv.tax.cgst));
  c.text(t.sgst, y, money(inv.tax.sgst));
  c.text(t.total, y, money(inv.tax.cgst + inv.tax.sgst), { align: 'right' });
  y -= 10;
  c.line(M, y, W - M, y);
  y -= 16;
  c.text(M, y, 'Amount in words:', { size: 8.5, color: MUTED });
  for (const part of c.wrap(inv.amountInWords, W - 2 * M - 80, 'bold', 9)) {
    c.text(M + 80, y, part, { font: 'bold', size: 9 });
    y -= 12;
  }
  y -= 4;
  c.text(M, y, `Payment: ${inv.payment.method} — ${inv.payment.status}${inv.payment.paidAt ? ` on ${fmtDate(inv.payment.paidAt)}` : ''}`, {
    size: 8.5,
    color: MUTED,
  });
  y -= 12;
  if (inv.remark) {
    c.text(M, y, inv.remark, { font: 'bold', size: 8.5, color: [0.62, 0.22, 0.14] });
    y -= 12;
  }

  // Signature and footer.
  c.text(W - M, Math.max(y - 30, 110), `For ${inv.seller.legalName}`, { font: 'bold', size: 9, align: 'right' });
  c.text(W - M, Math.max(y - 44, 96), 'Authorised signatory', { size: 8, color: MUTED, align: 'right' });
  c.line(M, 62, W - M, 62);
  c.text(M, 48, 'Prices include GST. Supply within Karnataka: tax shown as CGST and SGST. This is a computer-generated invoice.', {
    size: 7.5,
    color: MUTED,
  });
  c.text(M, 37, `${inv.seller.legalName}  •  GSTIN ${inv.seller.gstin}  •  ${inv.seller.email}`, { size: 7.5, color: MUTED });

  return c.finish();
}
