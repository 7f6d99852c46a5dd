import { A4, GREEN, INK, MUTED, newA4Pdf, RULE, WASH, type Canvas, type Rgb } from '../invoices/invoice-pdf';
import { formatDate, formatDay } from '../../../shared/rules/dates';
import { formatQuantity } from '../../../shared/rules/stock';
import type { Blend } from '../../../shared/schemas/kitchen';

/**
 * The kitchen's two printouts (PRODUCT.md §16, decision 181), drawn with pdfkit and the invoice's
 * fonts (Noto Sans: ₹ and accented names print): the prep sheet of a slot (A4) and the bottle labels
 * (A4 sheets of 50 × 25 mm labels, 4 × 11), each label with a QR code of the order's page. The QR code
 * is the `qrcode` library's module matrix, drawn as vector squares (sharp at any printer's resolution).
 */

const MM = 72 / 25.4;

type QrLib = typeof import('qrcode');

export interface PrepSheet {
  date: string;
  slotLabel: string;
  printedAt: Date;
  orders: number;
  blend: Blend;
  forecast: Blend;
}

/** One slot's prep sheet: signature shakes × bottles, custom recipes with what each bottle takes, ingredient totals. */
export async function renderPrepSheet(p: PrepSheet): Promise<Buffer> {
  const { doc, c } = await newA4Pdf({ title: `Prep sheet ${p.date} ${p.slotLabel}`, author: 'Hydro Shakes', at: p.printedAt });
  const M = 42;
  const right = A4.W - M;
  let y = A4.H - M;
  const need = (h: number) => {
    if (y - h < M) {
      doc.addPage();
      y = A4.H - M;
    }
  };
  const heading = (s: string) => {
    need(40);
    y -= 22;
    c.text(M, y, s, { font: 'bold', size: 12, color: GREEN });
    y -= 6;
    c.line(M, y, right, y, RULE);
  };
  const row = (left: string, rightText: string, o: RowStyle = {}) => {
    const size = o.size ?? 10;
    need(size + 6);
    y -= size + 5;
    let indent = o.indent ?? 0;
    if (o.tick) {
      // An empty box to tick by hand as each bottle is blended.
      const x = M + indent;
      const b = size - 1;
      c.line(x, y - 1, x + b, y - 1, INK);
      c.line(x + b, y - 1, x + b, y - 1 + b, INK);
      c.line(x + b, y - 1 + b, x, y - 1 + b, INK);
      c.line(x, y - 1 + b, x, y - 1, INK);
      indent += b + 6;
    }
    c.text(M + indent, y, left, { font: o.bold ? 'bold' : 'regular', size, color: o.color ?? INK });
    c.text(right, y, rightText, { font: o.bold ? 'bold' : 'regular', size, color: o.color ?? INK, align: 'right' });
  };

  c.rect(0, A4.H - 70, A4.W, 70, WASH);
  c.text(M, A4.H - 34, 'Prep sheet', { font: 'bold', size: 18, color: GREEN });
  c.text(M, A4.H - 54, `Made for ${formatDay(p.date, 'weekdayDateYear')} · ${p.slotLabel}`, { size: 11 });
  c.text(right, A4.H - 34, `${p.orders} orders · ${p.blend.bottles} bottles`, { font: 'bold', size: 11, align: 'right' });
  c.text(right, A4.H - 54, `Printed ${formatDate(p.printedAt, 'dateTime')}`, { size: 9, color: MUTED, align: 'right' });
  y = A4.H - 80;

  blendSections(p.blend, { heading, row, ticks: true });
  if (p.forecast.bottles > 0) {
    heading('Forecast: standing deliveries not yet ordered');
    row(`${p.forecast.bottles} bottles expected before the cut-off`, '', { color: MUTED, size: 9 });
    blendSections(p.forecast, { heading: (s) => row(s, '', { bold: true }), row, ticks: false });
  }
  return c.finish();
}

interface RowStyle {
  bold?: boolean;
  indent?: number;
  color?: Rgb;
  size?: number;
  /** A box before the text, ticked by hand when the line is done. */
  tick?: boolean;
}

function blendSections(b: Blend, d: { heading: (s: string) => void; row: (l: string, r: string, o?: RowStyle) => void; ticks: boolean }) {
  d.heading('Signature shakes');
  if (!b.shakes.length) d.row('None', '', { color: MUTED });
  for (const s of b.shakes) {
    d.row(s.name, `× ${s.bottles}`, { bold: true, tick: d.ticks });
    for (const i of s.perBottle) d.row(i.name, `${formatQuantity(i.qty, i.unit)} per bottle`, { indent: d.ticks ? 29 : 14, size: 9, color: MUTED });
  }
  d.heading('Custom recipes');
  if (!b.customs.length) d.row('None', '', { color: MUTED });
  for (const cr of b.customs) {
    d.row(`${cr.name} (${cr.size === 'large' ? 'Large' : 'Regular'})`, `× ${cr.bottles}`, { bold: true, tick: d.ticks });
    for (const i of cr.perBottle) d.row(i.name, `${formatQuantity(i.qty, i.unit)} per bottle`, { indent: d.ticks ? 29 : 14, size: 9, color: MUTED });
  }
  d.heading('Ingredient totals');
  if (!b.ingredients.length) d.row('None', '', { color: MUTED });
  for (const i of b.ingredients) d.row(i.name, formatQuantity(i.qty, i.unit));
}

export interface Label {
  number: string;
  firstName: string;
  shake: string;
  allergens: string[];
  vegan: boolean;
  madeAt: Date;
  bestBefore: Date;
  url: string;
}

export const LABEL = { w: 50 * MM, h: 25 * MM, cols: 4, rows: 11 };

/** Bottle labels: A4 sheets of 4 × 11 labels of 50 × 25 mm, one per bottle, in the order given. */
export async function renderLabels(labels: readonly Label[], title: string, at: Date): Promise<Buffer> {
  const { doc, c } = await newA4Pdf({ title, author: 'Hydro Shakes', at });
  // Loaded with the first labels printed, as pdfkit is: the idle server carries neither.
  const { default: QRCode } = await import('qrcode');
  const left = (A4.W - LABEL.cols * LABEL.w) / 2;
  const bottom = (A4.H - LABEL.rows * LABEL.h) / 2;
  const perPage = LABEL.cols * LABEL.rows;
  labels.forEach((l, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage();
    const k = i % perPage;
    const col = k % LABEL.cols;
    const rowFromTop = Math.floor(k / LABEL.cols);
    const x = left + col * LABEL.w;
    const y = bottom + (LABEL.rows - 1 - rowFromTop) * LABEL.h;
    drawLabel(c, doc, QRCode, l, x, y);
  });
  if (!labels.length) c.text(42, A4.H - 60, 'No bottles to label in this slot.', { size: 12 });
  return c.finish();
}

function drawLabel(c: Canvas, doc: PDFKit.PDFDocument, QRCode: QrLib, l: Label, x: number, y: number) {
  const pad = 2.2 * MM;
  // Cutting guide: a hairline around the label.
  c.line(x, y, x + LABEL.w, y, RULE, 0.3);
  c.line(x, y + LABEL.h, x + LABEL.w, y + LABEL.h, RULE, 0.3);
  c.line(x, y, x, y + LABEL.h, RULE, 0.3);
  c.line(x + LABEL.w, y, x + LABEL.w, y + LABEL.h, RULE, 0.3);

  // The label's own white margin is the QR code's quiet zone beyond its 1-module border.
  const qrSize = 19 * MM;
  const qrX = x + LABEL.w - pad - qrSize + 2;
  drawQr(doc, QRCode, l.url, qrX, A4.H - y - (LABEL.h + qrSize) / 2, qrSize);

  const tx = x + pad;
  const maxW = qrX - tx - 2;
  let ty = y + LABEL.h - pad - 6.5;
  c.text(tx, ty, l.number, { font: 'bold', size: 7.5 });
  if (l.vegan) c.text(tx + maxW, ty, 'VEGAN', { font: 'bold', size: 5.5, color: GREEN, align: 'right' });
  ty -= 8.5;
  c.text(tx, ty, fit(c, l.firstName, maxW, 'bold', 7), { font: 'bold', size: 7 });
  ty -= 8;
  c.text(tx, ty, fit(c, l.shake, maxW, 'regular', 6.5), { size: 6.5 });
  ty -= 7.5;
  const allergens = l.allergens.length ? `Contains ${l.allergens.join(', ')}` : 'No listed allergens';
  c.text(tx, ty, fit(c, allergens, maxW, 'regular', 5.5), { size: 5.5, color: l.allergens.length ? INK : MUTED });
  ty -= 7;
  c.text(tx, ty, fit(c, `Made ${formatDate(l.madeAt, 'dayMonthTime')}`, maxW, 'regular', 5.5), { size: 5.5, color: MUTED });
  ty -= 6.5;
  c.text(tx, ty, fit(c, `Best before ${formatDate(l.bestBefore, 'dayMonthTime')}`, maxW, 'regular', 5.4), { size: 5.4 });
}

/** Shortens `s` with an ellipsis until it fits `max` points. */
function fit(c: Canvas, s: string, max: number, font: 'regular' | 'bold', size: number): string {
  if (c.width(s, font, size) <= max) return s;
  let t = s;
  while (t.length > 1 && c.width(`${t}…`, font, size) > max) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

/**
 * The QR code of `text` (error correction M, a 1-module border inside the label's white margin) as one filled path of black
 * squares on white, `top` from the page's top edge (pdfkit's own coordinates). One path, so no
 * hairline seams between modules when a viewer or printer antialiases.
 */
function drawQr(doc: PDFKit.PDFDocument, QRCode: QrLib, text: string, x: number, top: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 1;
  const m = size / (n + 2 * quiet);
  doc.rect(x, top, size, size).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    // Runs of dark modules in a row as one rectangle each.
    for (let col = 0; col < n;) {
      if (!qr.modules.get(r, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && qr.modules.get(r, end)) end++;
      doc.rect(x + (quiet + col) * m, top + (quiet + r) * m, (end - col) * m, m);
      col = end;
    }
  }
  doc.fill('#000000');
}
