import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../../shared/rules/dates';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../components/page-title';
import { Button, LinkButton } from '../components/button';
import { AlertIcon, ArrowRightIcon, CheckIcon, LeafIcon, RepeatIcon, TruckIcon } from '../components/icons';
import { useAuth } from '../features/auth/auth-context';
import { RETURN_TO_KEY } from '../features/auth/guards';
import { trpc } from '../lib/trpc';
import { useSubscriptionStatus } from '../features/subscriptions/api';
import { useBuySubscription } from '../features/subscriptions/use-buy-subscription';
import { BuyPanel } from '../features/subscriptions/buy-panel';
import { UsageMeter } from '../features/subscriptions/usage-meter';
import { formatRupees } from '../../../shared/rules/money';
import { MAX_PAUSE_DAYS } from '../../../shared/rules/subscriptions';
import type { Plan } from '../../../shared/schemas/subscriptions';
import { planValueLine } from '../features/subscriptions/plan-value';
import { useSignatureShakes } from '../features/catalogue/use-signature-shakes';
import '../features/subscriptions/subscriptions.css';
import { Section } from '../components/section';

const FEATURED = 'vitality-monthly';

export function planPerks(
  p: Pick<Plan, 'freeUnits' | 'periodDays' | 'freeUnitRule' | 'freeDelivery' | 'pointsMultiplier' | 'subscriberSlots'>,
): string[] {
  return [
    `${p.freeUnits} free shakes every ${p.periodDays} days`,
    p.freeUnitRule === 'cheapest_signature' ? 'One signature shake free per order' : 'Your cheapest shake free on every order',
    ...(p.freeDelivery ? ['Free delivery on every order'] : []),
    ...(p.pointsMultiplier > 1 ? [`${p.pointsMultiplier}× reward points`] : []),
    ...(p.subscriberSlots ? ['Early-morning subscriber delivery slots'] : []),
  ];
}

/** /subscriptions: the plans side by side, how free units work, FAQ; subscribers see their plan and usage instead of "buy". */
export default function SubscriptionsPage() {
  usePageTitle('Subscriptions');
  const plans = trpc.subscriptions.plans.useQuery();
  // The menu's prices say what the free shakes are worth (planValueLine).
  const shakes = useSignatureShakes();
  const menuPrices = useMemo(() => (shakes.data ?? []).filter((s) => s.inStock !== false).map((s) => s.price), [shakes.data]);
  const config = trpc.system.publicConfig.useQuery();
  const { user } = useAuth();
  const status = useSubscriptionStatus();
  const [, navigate] = useLocation();
  const wantedSlug = new URLSearchParams(useSearch()).get('plan');
  const [chosen, setChosen] = useState<Plan | null>(null);
  const pay = useBuySubscription();

  const current = status.data?.subscription ?? null;
  const subscribed = !!current && current.status !== 'expired';

  // Back from sign-up with ?plan=: the chosen plan is waiting for payment.
  useEffect(() => {
    if (!user || !wantedSlug || !plans.data || chosen) return;
    const p = plans.data.plans.find((x) => x.slug === wantedSlug);
    if (p) setChosen(p);
  }, [user, wantedSlug, plans.data, chosen]);

  const choose = (p: Plan) => {
    if (!user) {
      sessionStorage.setItem(RETURN_TO_KEY, `/subscriptions?plan=${p.slug}`);
      navigate('/auth?mode=register');
      return;
    }
    pay.reset();
    setChosen(p);
    requestAnimationFrame(() => document.getElementById('sub-checkout')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const sorted = useMemo(() => plans.data?.plans ?? [], [plans.data]);

  return (
    <div className="subs-page" data-page="subscriptions">
      <section className="subs-hero">
        <div className="container">
          <p className="eyebrow">Subscriptions</p>
          <h1 className="subs-hero__title">Fresh greens, on repeat.</h1>
          <p className="lead subs-hero__lead">
            Subscribe once and every order carries a free shake from your allowance — with free delivery, always. Pause when you travel,
            cancel whenever you like.
          </p>
        </div>
      </section>

      <Section className="container subs-section" titleId="plans-heading" title="Plans" headingClassName="visually-hidden">
        {subscribed && current ? (
          <div className="card card--padded subs-current" data-testid="subs-current">
            <div className="subs-current__head">
              <div>
                <p className="eyebrow">Your plan</p>
                <h3 className="subs-current__name">{current.planName}</h3>
                <p className="text-muted">
                  {current.statusLabel}
                  {current.currentPeriod ? ` · this period ends ${formatDate(current.currentPeriod.end, 'date')}` : ''}
                </p>
              </div>
              <LinkButton href="/profile?tab=subscriptions" variant="secondary">
                Manage subscription <ArrowRightIcon />
              </LinkButton>
            </div>
            {current.currentPeriod ? <UsageMeter period={current.currentPeriod} /> : null}
          </div>
        ) : null}

        {plans.isError ? (
          <div className="alert alert--danger" role="alert">
            <AlertIcon />
            <p>We could not load the plans. Please reload the page.</p>
          </div>
        ) : null}

        <ul className="subs-plans list-reset" role="list">
          {plans.isLoading
            ? [0, 1, 2].map((i) => (
                <li key={i} className="subs-plan">
                  <span className="skeleton" style={{ height: '22rem' }} aria-hidden="true" />
                </li>
              ))
            : sorted.map((p) => {
                const featured = p.slug === FEATURED;
                const mine = subscribed && current?.planId === p.id;
                return (
                  <li
                    key={p.id}
                    className={`subs-plan${featured ? ' subs-plan--featured' : ''}${mine ? ' subs-plan--mine' : ''}`}
                    data-testid="subs-plan"
                  >
                    {mine ? (
                      <span className="badge badge--solid subs-plan__flag">Your plan</span>
                    ) : featured ? (
                      <span className="badge badge--accent subs-plan__flag">Most popular</span>
                    ) : null}
                    <h3 className="subs-plan__name" id={`plan-${p.slug}`}>
                      {p.name}
                    </h3>
                    <p className="subs-plan__price">
                      <span className="price">{formatRupees(p.price)}</span>
                      <span className="subs-plan__period">/ {p.periodDays} days</span>
                    </p>
                    {planValueLine(p, menuPrices) ? (
                      <p className="subs-plan__per text-sm" data-testid="plan-value">
                        {planValueLine(p, menuPrices)}
                      </p>
                    ) : null}
                    <p className="subs-plan__blurb">{p.description}</p>
                    <ul className="subs-plan__perks check-list list-reset" role="list">
                      {planPerks(p).map((perk) => (
                        <li key={perk}>
                          <CheckIcon aria-hidden="true" />
                          {perk}
                        </li>
                      ))}
                    </ul>
                    {subscribed ? (
                      <p className="subs-plan__note text-sm text-muted">
                        {mine ? 'Renew or pause it from your profile.' : 'You can switch once your current plan ends.'}
                      </p>
                    ) : (
                      <Button
                        block
                        variant={featured ? 'primary' : 'secondary'}
                        onClick={() => choose(p)}
                        aria-describedby={`plan-${p.slug}`}
                        data-testid={`choose-${p.slug}`}
                      >
                        Choose {p.name}
                      </Button>
                    )}
                  </li>
                );
              })}
        </ul>

        {chosen && (!subscribed || pay.state.kind === 'paid') ? (
          <div className="card card--padded subs-checkout" id="sub-checkout" data-testid="sub-checkout">
            <div className="subs-checkout__summary">
              <div>
                <p className="eyebrow">Your choice</p>
                <h3 className="subs-checkout__name">{chosen.name}</h3>
                <p className="text-muted">
                  {chosen.freeUnits} free shakes over {chosen.periodDays} days, starting the moment you pay.
                </p>
              </div>
              <p className="subs-checkout__total">
                <span className="text-sm text-muted">To pay</span>
                <span className="price tabular">{formatRupees(chosen.price)}</span>
              </p>
            </div>
            {config.data?.paymentMode === 'test' && pay.state.kind === 'idle' ? (
              <p className="subs-checkout__mode text-sm">
                <AlertIcon aria-hidden="true" /> Test payment mode — no real money moves.
              </p>
            ) : null}
            {pay.state.kind === 'idle' ? (
              <div className="subs-checkout__actions">
                <Button size="lg" onClick={() => void pay.buy(chosen.id, chosen.name)} data-testid="sub-pay">
                  Pay {formatRupees(chosen.price)}
                </Button>
                <Button variant="ghost" onClick={() => setChosen(null)}>
                  Choose another plan
                </Button>
              </div>
            ) : null}
            <BuyPanel state={pay.state} onTest={(o) => void pay.completeTest(o)} onClose={pay.reset} />
            {pay.state.kind === 'paid' ? (
              <div className="subs-checkout__actions">
                <LinkButton href="/profile?tab=subscriptions">See my subscription</LinkButton>
                <LinkButton href="/signature-shakes" variant="secondary">
                  Pick my shakes
                </LinkButton>
              </div>
            ) : null}
          </div>
        ) : null}
      </Section>

      <section className="subs-how section--muted" aria-labelledby="how-heading">
        <div className="container subs-section">
          <div className="section__header section__header--center">
            <p className="eyebrow">How free units work</p>
            <h2 id="how-heading">One free shake in every order</h2>
          </div>
          <ol className="subs-steps list-reset">
            <li>
              <LeafIcon aria-hidden="true" />
              <h3>Order as usual</h3>
              <p>Add any shakes to your cart. We free one of them automatically — no codes to remember.</p>
            </li>
            <li>
              <CheckIcon aria-hidden="true" />
              <h3>The cheapest one is on us</h3>
              <p>
                Wellness Weekly frees your cheapest signature shake; Vitality and Elite free your cheapest shake of any kind, custom
                creations included.
              </p>
            </li>
            <li>
              <RepeatIcon aria-hidden="true" />
              <h3>Your allowance refreshes</h3>
              <p>One free unit per order while units remain in the period. Cancel an order and its unit comes back.</p>
            </li>
            <li>
              <TruckIcon aria-hidden="true" />
              <h3>Delivery is always free</h3>
              <p>Every order ships free while you subscribe, whatever its size.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="container subs-section subs-faq" aria-labelledby="faq-heading">
        <div className="section__header section__header--center">
          <p className="eyebrow">Questions</p>
          <h2 id="faq-heading">Pause, cancel, renew — on your terms</h2>
        </div>
        <div className="subs-faq__list">
          <details>
            <summary>Can I pause while I travel?</summary>
            <p>
              Yes — once per period, for 1 to {MAX_PAUSE_DAYS} days. Your period end moves by the length of the pause, so you lose nothing.
              Come back early and resume any time; the days you didn&rsquo;t use are taken off again. Free units aren&rsquo;t used while
              paused.
            </p>
          </details>
          <details>
            <summary>What happens when I cancel?</summary>
            <p>
              Your plan keeps running to the end of the period you paid for — free shakes and free delivery included — and nothing renews
              after that. Tell us why in a line; it helps us improve.
            </p>
          </details>
          <details>
            <summary>How does renewing work?</summary>
            <p>
              Renew from your profile at any time. Renewing early starts your next period exactly when the current one ends; renewing after
              it ended starts a fresh period straight away. We e-mail you three days before your period ends. You can also switch on
              automatic renewal.
            </p>
          </details>
          <details>
            <summary>Do unused free shakes carry over?</summary>
            <p>Each period comes with a fresh allowance; units left at the end of a period don&rsquo;t carry over.</p>
          </details>
          <details>
            <summary>How do I pay?</summary>
            <p>Securely online through Razorpay — UPI, cards, netbanking or wallets. Subscriptions can&rsquo;t be paid cash on delivery.</p>
          </details>
        </div>
        <p className="text-center subs-faq__more">
          <Link href="/signature-shakes" className="link-arrow">
            Browse the shakes <ArrowRightIcon width={18} height={18} />
          </Link>
        </p>
      </section>
    </div>
  );
}
