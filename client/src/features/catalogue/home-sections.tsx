import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { formatRupees } from '../../../../shared/rules/money';
import { ArrowRightIcon, CheckIcon, ClockIcon, DropletIcon, ShieldIcon, SproutIcon, StarIcon } from '../../components/icons';

/** PRODUCT §9 seed plans, shown as a teaser; /subscriptions is where they are bought. */
export const HOME_PLANS = [
  {
    name: 'Wellness Weekly',
    price: 69900,
    days: 7,
    blurb: 'A gentle start: a few fresh shakes on us every week.',
    perks: ['3 free shakes every 7 days', 'Free delivery on every order'],
  },
  {
    name: 'Vitality Monthly',
    price: 239900,
    days: 30,
    blurb: 'Our regulars’ favourite for a daily green habit.',
    perks: ['12 free shakes every 30 days', 'Free delivery on every order', 'Double reward points', 'Subscriber delivery slots'],
    featured: true,
  },
  {
    name: 'Elite Quarterly',
    price: 649900,
    days: 90,
    blurb: 'The best value for families and training blocks.',
    perks: ['40 free shakes every 90 days', 'Free delivery on every order', 'Double reward points', 'Subscriber delivery slots'],
  },
] as const;

const FEATURES = [
  {
    Icon: SproutIcon,
    title: 'Grown in our own towers',
    text: 'Spinach, kale, basil, mint and microgreens grow in vertical towers on our farm at the edge of Bengaluru — not in a warehouse three states away.',
  },
  {
    Icon: ClockIcon,
    title: 'Picked the morning we blend',
    text: 'Greens are cut at dawn and blended within hours, so they keep the flavour, colour and nutrients that long supply chains lose.',
  },
  {
    Icon: DropletIcon,
    title: 'About 90% less water',
    text: 'Nutrient water recirculates through the towers instead of draining into soil, so each leaf needs a fraction of the water of a field crop.',
  },
  {
    Icon: ShieldIcon,
    title: 'No soil, no pesticides',
    text: 'A clean, closed growing room means no pesticides and no grit — just greens that are washed once and ready to blend.',
  },
] as const;

const REVIEWS = [
  {
    quote: 'Green Glow has quietly replaced my morning coffee. You can taste that the spinach was picked the same day — it’s sweet, not grassy.',
    name: 'Ananya Rao',
    place: 'Indiranagar',
  },
  {
    quote: 'After my 6 am runs a Protein Power is at my door by 7:30, properly cold. Consistent every single time, and never chalky.',
    name: 'Karthik Menon',
    place: 'HSR Layout',
  },
  {
    quote: 'I built a vegan, nut-free shake for my daughter in two minutes. Seeing the calories and protein change as I picked was brilliant.',
    name: 'Priya Desai',
    place: 'Whitefield',
  },
] as const;

function Features() {
  return (
    <section className="section home-slot home-slot--features" aria-labelledby="why-title">
      <div className="container features">
        <div className="features__intro">
          <p className="eyebrow">Why hydroponic</p>
          <h2 id="why-title">Fresher greens, grown a short drive from your glass</h2>
          <p className="lead">
            Hydroponic farming grows plants in water rich in minerals instead of soil. For a shake, that means cleaner leaves, steady quality all year and
            greens that reach the blender hours, not days, after harvest.
          </p>
          <Link href="/about" className="link-arrow">
            Visit our farm story
            <ArrowRightIcon width={18} height={18} />
          </Link>
          <img className="features__art" src="/images/farm-towers.svg" alt="" width={560} height={420} loading="lazy" decoding="async" />
        </div>
        <ul className="features__grid list-reset" role="list">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Builder() {
  return (
    <section className="section home-slot home-slot--builder" aria-labelledby="byo-title">
      <div className="container">
        <div className="builder-teaser">
          <div className="builder-teaser__art">
            <img src="/images/build-your-own.svg" alt="" width={560} height={480} loading="lazy" decoding="async" />
          </div>
          <div className="builder-teaser__copy">
            <p className="eyebrow">Build your own</p>
            <h2 id="byo-title">Your shake, exactly how you like it</h2>
            <p className="lead">Pick from 25+ clean ingredients and watch the price and nutrition update as you go. No guesswork, no surprises at checkout.</p>
            <ol className="steps list-reset" role="list">
              <li>
                <span className="steps__n">1</span>
                <div>
                  <h3>Choose a base</h3>
                  <p>Almond or oat milk, tender coconut water, Greek yogurt or simply water.</p>
                </div>
              </li>
              <li>
                <span className="steps__n">2</span>
                <div>
                  <h3>Add greens and fruit</h3>
                  <p>Hydroponic spinach, kale, basil and mint, with Alphonso mango, berries and more.</p>
                </div>
              </li>
              <li>
                <span className="steps__n">3</span>
                <div>
                  <h3>Boost it</h3>
                  <p>Whey or plant protein, chia, spirulina, moringa — up to five add-ins.</p>
                </div>
              </li>
            </ol>
            <div className="cluster">
              <Link href="/custom-shake" className="btn btn--primary btn--lg">
                Start building
                <ArrowRightIcon />
              </Link>
              <p className="text-muted text-sm">Regular 350 ml from {formatRupees(14900)}</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function Plans() {
  return (
    <section className="section home-slot home-slot--plans plans-band on-dark" aria-labelledby="plans-title">
      <div className="container">
        <div className="section__header section__header--center">
          <p className="eyebrow eyebrow--light">Subscriptions</p>
          <h2 id="plans-title">Make it a habit — free shakes every period</h2>
          <p className="lead">Subscribe once, then every order gets a free shake from your allowance and free delivery. Pause or cancel any time.</p>
        </div>
        <ul className="plans list-reset" role="list">
          {HOME_PLANS.map((plan) => (
            <li key={plan.name} className={`plan-card${'featured' in plan && plan.featured ? ' plan-card--featured' : ''}`} data-testid="home-plan">
              {'featured' in plan && plan.featured ? <span className="badge badge--accent plan-card__flag">Most popular</span> : null}
              <h3 className="plan-card__name" id={`plan-${plan.days}`}>
                {plan.name}
              </h3>
              <p className="plan-card__price">
                <span className="price">{formatRupees(plan.price)}</span>
                <span className="plan-card__period">/{plan.days} days</span>
              </p>
              <p className="plan-card__blurb">{plan.blurb}</p>
              <ul className="plan-card__perks list-reset" role="list">
                {plan.perks.map((perk) => (
                  <li key={perk}>
                    <CheckIcon />
                    {perk}
                  </li>
                ))}
              </ul>
              <Link
                href="/subscriptions"
                className={`btn btn--block ${'featured' in plan && plan.featured ? 'btn--accent' : 'btn--outline-light'}`}
                aria-describedby={`plan-${plan.days}`}
              >
                Choose plan
              </Link>
            </li>
          ))}
        </ul>
        <p className="plans-band__more">
          <Link href="/subscriptions" className="link-arrow">
            Compare all plan details
            <ArrowRightIcon width={18} height={18} />
          </Link>
        </p>
      </div>
    </section>
  );
}

/** Real reviews from verified buyers once there are some (rated 4+, with words); the written ones until then. */
function Reviews() {
  const latest = trpc.reviews.latest.useQuery();
  const real = latest.data?.length ? latest.data : null;
  const cards = real
    ? real.map((r) => ({ key: r.id, rating: r.rating, quote: r.body, name: r.author, place: null, shake: { name: r.shakeName, slug: r.shakeSlug } }))
    : REVIEWS.map((r) => ({ key: r.name, rating: 5, quote: r.quote, name: r.name, place: `${r.place}, Bengaluru`, shake: null }));
  return (
    <section className="section home-slot home-slot--reviews" aria-labelledby="reviews-title">
      <div className="container">
        <div className="section__header section__header--center">
          <p className="eyebrow">{real ? 'From verified buyers' : 'Testimonials'}</p>
          <h2 id="reviews-title">Loved across Bengaluru</h2>
        </div>
        <ul className="reviews list-reset" role="list" data-testid={real ? 'real-reviews' : 'testimonials'}>
          {cards.map((r) => (
            <li key={r.key}>
              <figure className="review-card">
                <div className="review-card__stars" role="img" aria-label={`Rated ${r.rating} out of 5`}>
                  {Array.from({ length: r.rating }, (_, i) => (
                    <StarIcon key={i} />
                  ))}
                </div>
                <blockquote>
                  <p className="review-card__quote">“{r.quote}”</p>
                </blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">
                    {r.name.slice(0, 1)}
                  </span>
                  <span>
                    <strong>{r.name}</strong>
                    <small>
                      {r.shake ? (
                        <>
                          Verified buyer of <Link href={`/signature-shakes/${r.shake.slug}`}>{r.shake.name}</Link>
                        </>
                      ) : (
                        r.place
                      )}
                    </small>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function HomeSections() {
  return (
    <>
      <Features />
      <Builder />
      <Plans />
      <Reviews />
    </>
  );
}
