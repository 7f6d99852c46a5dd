import { useState } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { AlertIcon, ArrowRightIcon } from '../../components/icons';
import { messageOf } from '../../lib/errors';
import { usePageTitle } from '../../components/page-title';
import type { Invoice } from '../../../../shared/schemas/invoices';
import { formatInvoiceAmount } from '../../../../shared/rules/gst-invoice';
import { downloadFile } from './download-file';
import { shortDateFormat } from './order-format';
import './orders.css';

const amt = (p: number) => formatInvoiceAmount(p);

/** /order/{id}?invoice=1: the GST tax invoice as a printable page, with the PDF one click away. */
export function InvoicePage({ orderId }: { orderId: string }) {
  const q = trpc.orders.invoice.useQuery({ id: orderId }, { retry: false });
  const [busy, setBusy] = useState(false);
  usePageTitle(q.data ? `Tax invoice ${q.data.number}` : 'Tax invoice');
  return (
    <div className="container page invoice-page stack" data-page="invoice">
      <div className="list-head invoice-toolbar">
        <Link href={`/order/${orderId}`} className="link-arrow text-sm">
          <ArrowRightIcon style={{ transform: 'rotate(180deg)' }} aria-hidden="true" /> Back to the order
        </Link>
        {q.data ? (
          <div className="invoice-toolbar__actions">
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Button
              loading={busy}
              data-testid="invoice-pdf"
              onClick={async () => {
                setBusy(true);
                try {
                  await downloadFile(`/api/orders/${orderId}/invoice.pdf`, `Hydro-Shakes-invoice.pdf`);
                } catch (e) {
                  toast({
                    title: 'The PDF could not be downloaded',
                    description: messageOf(e, 'Please try again.'),
                    variant: 'destructive',
                  });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Download PDF
            </Button>
          </div>
        ) : null}
      </div>
      {q.isError ? (
        <div className="alert alert--warning" role="alert">
          <AlertIcon aria-hidden="true" />
          <p>{messageOf(q.error, 'The invoice could not be loaded.')}</p>
        </div>
      ) : q.data ? (
        <InvoiceSheet inv={q.data} />
      ) : (
        <span className="skeleton" style={{ height: '40rem' }} aria-busy="true" />
      )}
    </div>
  );
}

export function InvoiceSheet({ inv }: { inv: Invoice }) {
  return (
    <article className="invoice-sheet" data-testid="invoice" aria-label={`Tax invoice ${inv.number}`}>
      <div className="invoice-top">
        <div className="invoice-party">
          <h1>TAX INVOICE</h1>
          <p className="invoice-party__name" style={{ marginTop: 'var(--space-3)' }}>
            {inv.seller.legalName}
          </p>
          {inv.seller.lines.map((l) => (
            <p key={l} className="invoice-party__muted">
              {l}
            </p>
          ))}
          <p>
            <strong>GSTIN:</strong> {inv.seller.gstin}
          </p>
          <p>FSSAI Lic. No.: {inv.seller.fssai}</p>
          <p className="invoice-party__muted">
            {inv.seller.phone} · {inv.seller.email}
          </p>
        </div>
        <dl className="invoice-facts">
          <dt>Invoice no.</dt>
          <dd data-testid="invoice-number">{inv.number}</dd>
          <dt>Invoice date</dt>
          <dd>{shortDateFormat.format(new Date(inv.issuedAt))}</dd>
          <dt>Order no.</dt>
          <dd>{inv.orderNumber}</dd>
          <dt>Order date</dt>
          <dd>{shortDateFormat.format(new Date(inv.orderDate))}</dd>
          <dt>Place of supply</dt>
          <dd>{inv.placeOfSupply}</dd>
        </dl>
      </div>

      <div className="invoice-party">
        <p className="invoice-label">Bill to / ship to</p>
        <p className="invoice-party__name">{inv.buyer.name}</p>
        {inv.buyer.lines.map((l) => (
          <p key={l} className="invoice-party__muted">
            {l}
          </p>
        ))}
        <p className="invoice-party__muted">{[inv.buyer.phone, inv.buyer.email].filter(Boolean).join(' · ')}</p>
      </div>

      <div style={{ overflowX: 'auto' }}>
        <table className="invoice-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col" className="hide-sm">
                HSN
              </th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num hide-sm">
                Rate (incl. GST)
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>
                  {l.description}
                  {l.note ? <span className="invoice-table__note">{l.note}</span> : null}
                </td>
                <td className="hide-sm">{l.hsn}</td>
                <td className="num">{l.quantity}</td>
                <td className="num hide-sm">{amt(l.unitPrice)}</td>
                <td className="num">{amt(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="invoice-totals" data-testid="invoice-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{amt(inv.subtotal)}</dd>
        </div>
        {inv.adjustments.map((a) => (
          <div key={a.label}>
            <dt>{a.label}</dt>
            <dd>{a.amount < 0 ? `− ${amt(-a.amount)}` : amt(a.amount)}</dd>
          </div>
        ))}
        <div className="invoice-totals__grand">
          <dt>Invoice total (incl. GST)</dt>
          <dd data-testid="invoice-total">{amt(inv.total)}</dd>
        </div>
      </dl>

      <div style={{ overflowX: 'auto' }}>
        <table className="invoice-table" aria-label="Tax summary">
          <thead>
            <tr>
              <th scope="col">Taxable value</th>
              <th scope="col" className="num">
                CGST @ {inv.tax.cgstRatePercent}%
              </th>
              <th scope="col" className="num">
                SGST @ {inv.tax.sgstRatePercent}%
              </th>
              <th scope="col" className="num hide-sm">
                Total tax
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-testid="invoice-taxable">{amt(inv.tax.taxable)}</td>
              <td className="num" data-testid="invoice-cgst">
                {amt(inv.tax.cgst)}
              </td>
              <td className="num" data-testid="invoice-sgst">
                {amt(inv.tax.sgst)}
              </td>
              <td className="num hide-sm">{amt(inv.tax.cgst + inv.tax.sgst)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <p className="invoice-words">
        <span className="text-subtle">Amount in words: </span>
        <strong>{inv.amountInWords}</strong>
      </p>
      <p className="text-subtle" style={{ margin: 0 }}>
        Payment: {inv.payment.method} — {inv.payment.status}
        {inv.payment.paidAt ? ` on ${shortDateFormat.format(new Date(inv.payment.paidAt))}` : ''}
      </p>
      {inv.remark ? <p className="invoice-remark">{inv.remark}</p> : null}

      <div className="invoice-foot">
        <p style={{ margin: 0, maxWidth: '32rem' }}>
          Prices include GST. Supply within {inv.seller.state}: tax is shown as CGST and SGST. This is a computer-generated invoice.
        </p>
        <p className="invoice-sign" style={{ margin: 0 }}>
          For {inv.seller.legalName}
          <br />
          <span className="text-subtle" style={{ fontWeight: 'normal' }}>
            Authorised signatory
          </span>
        </p>
      </div>
    </article>
  );
}
