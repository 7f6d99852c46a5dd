import { Link } from 'wouter';
import { Brand } from './header';
import { InstagramIcon, LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon, YouTubeIcon } from './icons';

export const CONTACT = {
  phone: '+91 80 4567 8900',
  phoneHref: 'tel:+918045678900',
  email: 'hello@hydroshakes.in',
  city: 'Bengaluru, Karnataka',
} as const;

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/hydroshakes', Icon: InstagramIcon },
  { label: 'YouTube', href: 'https://www.youtube.com/@hydroshakes', Icon: YouTubeIcon },
  { label: 'X (Twitter)', href: 'https://x.com/hydroshakes', Icon: XIcon },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/hydroshakes', Icon: LinkedInIcon },
] as const;

/** The footer's two link columns: heading, then each link's address and words. */
const FOOTER_NAV: [string, [string, string][]][] = [
  [
    'Shop',
    [
      ['/signature-shakes', 'Signature Shakes'],
      ['/custom-shake', 'Build Your Own'],
      ['/subscriptions', 'Subscriptions'],
      ['/cart', 'Cart'],
    ],
  ],
  [
    'Company',
    [
      ['/about', 'About Us'],
      ['/about#farm', 'Our farm'],
      ['/profile?tab=orders', 'Track an order'],
    ],
  ],
];

/** Spec §2 Shell: tagline, social links, contact phone and e-mail, copyright. */
export function SiteFooter() {
  return (
    <footer className="site-footer on-dark" data-testid="site-footer">
      <div className="container">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Brand />
            <p className="site-footer__tagline">
              Greens grown in our own hydroponic towers, picked the morning we blend them, and at your door the same day.
            </p>
            <ul className="social list-reset" role="list" aria-label="Hydro Shakes on social media">
              {SOCIAL_LINKS.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Hydro Shakes on ${label} (opens in a new tab)`}>
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {FOOTER_NAV.map(([heading, links]) => (
            <nav aria-label={heading} key={heading}>
              <h2 className="site-footer__heading">{heading}</h2>
              <ul className="site-footer__links list-reset" role="list">
                {links.map(([href, label]) => (
                  <li key={href}>
                    <Link href={href}>{label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div>
            <h2 className="site-footer__heading">Contact</h2>
            <address className="site-footer__links site-footer__contact">
              <a href={CONTACT.phoneHref}>
                <PhoneIcon /> {CONTACT.phone}
              </a>
              <a href={`mailto:${CONTACT.email}`}>
                <MailIcon /> {CONTACT.email}
              </a>
              <span className="site-footer__contact-city">
                <MapPinIcon /> {CONTACT.city}
              </span>
            </address>
          </div>
        </div>
        <div className="site-footer__bottom">
          <p>© 2026 Hydro Shakes</p>
          <p>Prices include GST · Delivering fresh across Bengaluru, 7 am – 9 pm</p>
        </div>
      </div>
    </footer>
  );
}
