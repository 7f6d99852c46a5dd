import type { AppDeps } from '../../deps';
import { addDays, istToday } from '../../../shared/rules/slots';
import { formatDate, formatDay } from '../../../shared/rules/dates';
import { formatQuantity } from '../../../shared/rules/stock';
import { csvRow } from '../../../shared/rules/order-lifecycle';
import { PURCHASE_PLAN_RULE, type PurchasePlan, type PurchasePlanInput, type PurchasePlanItem } from '../../../shared/schemas/stock';
import { A4, GREEN, INK, MUTED, newA4Pdf, RULE, WASH, type Rgb } from '../invoices/invoice-pdf';
import * as stock from '../stock/stock.service';
import { ingredientForecast } from './morning.service';
import { planLots } from '../stock/stock.lots';
import { expiryLine } from '../../../shared/rules/stock-expiry';

/** The plan's expiring lines in the PDF: the screen's warning amber. */
const AMBER: Rgb = [0.54, 0.29, 0.02];

/**
 * The harvest and purchase plan (PRODUCT.md §23, decision 262): for the next days from tomorrow,
 * what each tracked ingredient's forecast needs (the morning's forecast, the one owner, by each
 * recipe), set against the stock → what to harvest at the farm or buy from each supplier, and by when.
 */
type Deps = AppDeps;

export const FARM = 'Our farm';
export const NO_SUPPLIER = 'No supplier set';

/** GET /api/admin/purchase-plan?days= */
export async function purchasePlan(deps: Deps, input: PurchasePlanInput): Promise<PurchasePlan> {
  const now = deps.clock.now();
  const today = istToday(now);
  const tomorrow = addDays(today, 1);
  const dates = Array.from({ length: input.days }, (_, i) => addDays(tomorrow, i));
  const forecast = await ingredientForecast(deps, dates);
  const [levels, lots] = await Promise.all([stock.planLevels(deps, tomorrow), stock.lotsOnHand(deps)]);
  const groups = new Map<string, { source: 'farm' | 'supplier'; name: string; items: PurchasePlanItem[] }>();
  for (const l of levels) {
    const available = l.on_hand - l.reserved_before;
    // On hand usable by day (decision 265): lots first in first out; what passes its best-before before
    // the day it is needed does not count for that day.
    const played = planLots(lots.get(l.id) ?? [], {
      today,
      heldBefore: l.reserved_before,
      days: dates.map((date) => ({ date, need: forecast.get(date)?.get(l.id) ?? 0 })),
    });
    let toGet = Math.max(0, l.par_level - played.usableNow);
    let by: string | null = toGet > 0 ? today : null;
    const days = played.days.map((d) => {
      if (l.par_level - d.left > toGet) toGet = l.par_level - d.left;
      // Have it the day before the first day the stock would fall under par (today at the earliest).
      if (d.left < l.par_level && by === null) by = addDays(d.date, -1) < today ? today : addDays(d.date, -1);
      return d;
    });
    const source = l.hydroponic ? 'farm' : 'supplier';
    const name = l.hydroponic ? FARM : (l.supplier ?? NO_SUPPLIER);
    const key = `${source}|${name}`;
    const group = groups.get(key) ?? { source, name, items: [] };
    groups.set(key, group);
    group.items.push({
      ingredientId: l.id,
      name: l.name,
      unit: l.stock_unit,
      onHand: l.on_hand,
      reserved: l.reserved,
      available,
      parLevel: l.par_level,
      nextBestBefore: l.next_best_before,
      expiring: played.expiring,
      days,
      totalNeed: days.reduce((n, d) => n + d.need, 0),
      toGet,
      by: toGet > 0 ? by : null,
    });
  }
  const order = (g: { source: string; name: string }) => (g.source === 'farm' ? 0 : g.name === NO_SUPPLIER ? 2 : 1);
  return {
    generatedAt: now.toISOString(),
    today,
    dates,
    rule: PURCHASE_PLAN_RULE,
    groups: [...groups.values()].sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name)),
  };
}

/** The plan as RFC 4180 CSV: one row per ingredient, quantities in its stock unit (g, ml or pcs), unformatted. */
export function planCsv(plan: PurchasePlan): string {
  const header = [
    'Source',
    'From',
    'Ingredient',
    'Unit',
    'On hand',
    'Reserved',
    'Available',
    'Par level',
    'Best before',
    'Expires unused',
    ...plan.dates.map((d) => `Need ${d}`),
    'Total need',
    'To harvest or buy',
    'By',
  ];
  const rows = plan.groups.flatMap((g) =>
    g.items.map((i) =>
      csvRow([
        g.source === 'farm' ? 'Harvest' : 'Buy',
        g.name,
        i.name,
        i.unit,
        i.onHand,
        i.reserved,
        i.available,
        i.parLevel,
        i.nextBestBefore ?? '',
        i.expiring.reduce((n, e) => n + e.qty, 0),
        ...i.days.map((d) => d.need),
        i.totalNeed,
        i.toGet,
        i.by ?? '',
      ]),
    ),
  );
  return `\ufeff${[csvRow(header), ...rows].join('\r\n')}\r\n`;
}

/** The plan as an A4 PDF: one list per source (the farm, each supplier), what to get first. */
export async function planPdf(plan: PurchasePlan): Promise<Buffer> {
  const at = new Date(plan.generatedAt);
  const { doc, c } = await newA4Pdf({ title: `Harvest and purchase plan ${plan.dates[0]}`, author: 'Hydro Shakes', at });
  const M = 42;
  const right = A4.W - M;
  const cols = [M, 230, 300, 370, 440, right];
  let y = A4.H - M;
  const need = (h: number) => {
    if (y - h < M) {
      doc.addPage();
      y = A4.H - M;
    }
  };
  c.rect(0, A4.H - 70, A4.W, 70, WASH);
  c.text(M, A4.H - 34, 'Harvest and purchase plan', { font: 'bold', size: 18, color: GREEN });
  const span = `${formatDay(plan.dates[0]!, 'weekdayDate')} to ${formatDay(plan.dates.at(-1)!, 'weekdayDate')}`;
  c.text(M, A4.H - 54, `${plan.dates.length} days: ${span}`, { size: 11 });
  c.text(right, A4.H - 54, `Printed ${formatDate(at, 'dateTime')}`, { size: 9, color: MUTED, align: 'right' });
  y = A4.H - 84;
  for (const g of plan.groups) {
    need(60);
    y -= 22;
    c.text(M, y, `${g.source === 'farm' ? 'Harvest' : 'Buy'}: ${g.name}`, { font: 'bold', size: 12, color: GREEN });
    y -= 14;
    const heads = ['Ingredient', 'Need', 'Available', 'Par', 'To get', 'By'];
    heads.forEach((h, k) => c.text(cols[k]!, y, h, { font: 'bold', size: 8.5, color: MUTED, ...(k > 0 ? { align: 'right' as const } : {}) }));
    y -= 5;
    c.line(M, y, right, y, RULE);
    for (const i of g.items) {
      need(16);
      y -= 14;
      const get = i.toGet > 0;
      const cells = [
        i.name,
        formatQuantity(i.totalNeed, i.unit),
        formatQuantity(i.available, i.unit),
        formatQuantity(i.parLevel, i.unit),
        get ? formatQuantity(i.toGet, i.unit) : 'Nothing',
        i.by ? formatDay(i.by, 'weekdayDate') : '',
      ];
      cells.forEach((t, k) =>
        c.text(cols[k]!, y, t, { font: get && k >= 4 ? 'bold' : 'regular', size: 9.5, color: get || k < 4 ? INK : MUTED, ...(k > 0 ? { align: 'right' as const } : {}) }),
      );
      // What passes its best-before before it is used (decision 265), under its ingredient.
      for (const e of i.expiring) {
        need(12);
        y -= 11;
        c.text(M + 8, y, expiryLine(i.name, i.unit, e, plan.today), { size: 8.5, color: AMBER });
      }
    }
  }
  need(40);
  y -= 26;
  for (const line of wrap(plan.rule, 105)) {
    c.text(M, y, line, { size: 8, color: MUTED });
    y -= 11;
  }
  return c.finish();
}

function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of s.split(' ')) {
    if (cur && cur.length + w.length + 1 > width) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}
