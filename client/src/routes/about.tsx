import { Link } from 'wouter';
import { usePageTitle } from '../components/page-title';
import { CONTACT } from '../components/footer';
import { ArrowRightIcon, BlenderIcon, ClockIcon, DropletIcon, LeafIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, SproutIcon, TruckIcon } from '../components/icons';
import '../styles/pages/about.css';

const STEPS = [
  {
    Icon: SproutIcon,
    title: 'Grown in the towers',
    text: 'Seeds start in coco-coir plugs and move into vertical towers, where a thin film of mineral-rich water feeds the roots. LED light and steady air keep every harvest the same, monsoon or May.',
  },
  {
    Icon: ClockIcon,
    title: 'Picked at dawn',
    text: 'We cut only what today’s orders need, early in the morning while leaves are cool and crisp. Nothing sits in cold storage waiting for a buyer.',
  },
  {
    Icon: DropletIcon,
    title: 'Washed once, chilled fast',
    text: 'Because the greens never touch soil or sprays, a single rinse in filtered water is enough. They go straight into a 4 °C cold room next to our kitchen.',
  },
  {
    Icon: BlenderIcon,
    title: 'Blended to order',
    text: 'Each shake is weighed out from its recipe and blended when you order it — no concentrates, no preservatives, no ice to pad out the glass.',
  },
  {
    Icon: TruckIcon,
    title: 'Delivered cold',
    text: 'Sealed bottles travel in insulated bags in the delivery slot you pick, so your shake arrives cold and tastes like it did in our kitchen.',
  },
] as const;

const FIGURES = [
  { value: '~90%', label: 'less water than field-grown greens' },
  { value: '0', label: 'pesticides, herbicides or soil' },
  { value: 'Same day', label: 'from harvest to your door' },
  { value: '10', label: 'crops grown in-house, all year round' },
] as const;

/** PRODUCT §3 /about: the farm, how shakes are made, contact details. */
export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <div data-page="about" className="about">
      <section className="about-hero" aria-labelledby="about-title">
        <div className="container about-hero__inner">
          <div className="about-hero__copy">
            <p className="eyebrow">Our story</p>
            <h1 id="about-title">We grow the greens, then we blend them.</h1>
            <p className="lead">
              Hydro Shakes began with a simple frustration: the “fresh” greens in our smoothies had usually spent three days on a truck. So we started
              growing our own — in hydroponic towers on the edge of Bengaluru, a short drive from the kitchen where every shake is made.
            </p>
          </div>
          <img className="about-hero__art" src="/images/farm-towers.svg" alt="Rows of hydroponic towers with leafy greens under soft light" width={560} height={420} />
        </div>
      </section>

      <section className="section" id="farm" aria-labelledby="farm-title">
        <div className="container about-story">
          <div className="about-story__text">
            <p className="eyebrow">The farm</p>
            <h2 id="farm-title">A farm that fits in a warehouse, and fits the city</h2>
            <p>
              Our towers stand in rows under LED light, each one carrying dozens of plants stacked from floor to shoulder height. Water enriched with
              minerals trickles down past the roots, is filtered, topped up and sent round again. Nothing drains away into the ground, which is why our greens
              need around 90% less water than the same crop grown in a field.
            </p>
            <p>
              We grow the leaves that make a shake taste alive: baby spinach, curly kale, romaine, Genovese basil, mint, bok choy, wheatgrass and sunflower
              microgreens — plus strawberries and stevia leaf. Inside, there are no pests to spray for and no soil to wash off, and the weather outside
              doesn’t decide what we can harvest.
            </p>
            <p>
              Being close to the city matters as much as the towers themselves. Greens start losing flavour and vitamins from the moment they are cut; ours
              are picked the same morning they are blended, usually only a few hours before they reach you.
            </p>
          </div>
          <ul className="figures list-reset" role="list">
            {FIGURES.map((f) => (
              <li key={f.label} className="figure">
                <strong>{f.value}</strong>
                <span>{f.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="made-title">
        <div className="container">
          <div className="section__header">
            <p className="eyebrow">How shakes are made</p>
            <h2 id="made-title">From seed to sealed bottle</h2>
            <p className="lead">Five steps, no shortcuts. Most of them happen on the same morning.</p>
          </div>
          <ol className="process list-reset" role="list">
            {STEPS.map(({ Icon, title, text }, i) => (
              <li key={title} className="process__step">
                <span className="process__icon" aria-hidden="true">
                  <Icon />
                </span>
                <p className="process__n">Step {i + 1}</p>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="promise-title">
        <div className="container about-promise">
          <div className="stack">
            <p className="eyebrow">What goes in</p>
            <h2 id="promise-title">Whole ingredients, and nothing to hide</h2>
            <p className="lead">Every signature shake lists its ingredients, allergens and full nutrition. If you build your own, you see the numbers change as you choose.</p>
          </div>
          <ul className="promise-list list-reset" role="list">
            <li>
              <LeafIcon /> Whole fruit and greens — never concentrates or powders pretending to be fruit
            </li>
            <li>
              <ShieldIcon /> No preservatives, colours or artificial flavours
            </li>
            <li>
              <DropletIcon /> Sweetness only from fruit, or the dates, jaggery, honey or stevia you choose
            </li>
            <li>
              <SproutIcon /> Clear labels for dairy, nuts, soy and gluten, and vegan options throughout
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="contact-title">
        <div className="container about-contact">
          <div className="stack">
            <p className="eyebrow">Contact</p>
            <h2 id="contact-title">Talk to a real person</h2>
            <p className="lead">
              Questions about an order, an allergy or a bulk order for your office? Our team answers every day from 7 am to 9 pm. Farm visits are on
              Saturday mornings, by appointment.
            </p>
            <div className="cluster">
              <Link href="/signature-shakes" className="btn btn--primary">
                Taste the difference
                <ArrowRightIcon />
              </Link>
            </div>
          </div>
          <address className="contact-card card card--lg">
            <a href={CONTACT.phoneHref} className="contact-card__row">
              <span className="contact-card__icon" aria-hidden="true">
                <PhoneIcon />
              </span>
              <span>
                <small>Call or WhatsApp</small>
                {CONTACT.phone}
              </span>
            </a>
            <a href={`mailto:${CONTACT.email}`} className="contact-card__row">
              <span className="contact-card__icon" aria-hidden="true">
                <MailIcon />
              </span>
              <span>
                <small>E-mail</small>
                {CONTACT.email}
              </span>
            </a>
            <p className="contact-card__row">
              <span className="contact-card__icon" aria-hidden="true">
                <MapPinIcon />
              </span>
              <span>
                <small>Farm and kitchen</small>
                Hydro Shakes Farm, on the edge of Bengaluru, Karnataka
              </span>
            </p>
          </address>
        </div>
      </section>
    </div>
  );
}
