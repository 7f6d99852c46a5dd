import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ArrowRightIcon, BlenderIcon, LeafIcon, PauseIcon, PlayIcon, RepeatIcon, SproutIcon, StarIcon } from '../../components/icons';

export const HERO_POSTER = '/media/hero-poster.svg';
export const HERO_VIDEO_WEBM = '/media/hero.webm';
export const HERO_VIDEO_MP4 = '/media/hero.mp4';

/** Spec §2 Shell: the home hero stats, verbatim. */
export const HERO_STATS = [
  { value: '100%', label: 'natural', Icon: LeafIcon },
  { value: '25+', label: 'clean ingredients', Icon: SproutIcon },
  { value: '150+', label: 'customizable shakes', Icon: BlenderIcon },
  { value: '96%', label: 'repeat customers', Icon: RepeatIcon },
  { value: '5 star', label: 'rating', Icon: StarIcon },
] as const;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Run once the page has loaded and the main thread is idle: the video must never compete with first paint. */
function afterLoadAndIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ric = window.requestIdleCallback?.bind(window);
  const go = () => {
    if (cancelled) return;
    if (ric) idle = ric(() => !cancelled && fn(), { timeout: 2000 });
    else timer = setTimeout(() => !cancelled && fn(), 200);
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', go);
    if (idle) window.cancelIdleCallback?.(idle);
    if (timer) clearTimeout(timer);
  };
}

/**
 * The hero's media box. The poster is a plain <img> painted with the page (the LCP candidate
 * next to the headline); the <video> is mounted only after load + idle, stacked on top with
 * the same poster, so it never becomes the LCP element and never moves anything (the box is
 * reserved by aspect-ratio). With prefers-reduced-motion it is not autoplayed; the button plays it.
 */
function HeroMedia() {
  const [mountVideo, setMountVideo] = useState(false);
  const [playing, setPlaying] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => afterLoadAndIdle(() => setMountVideo(true)), []);

  useEffect(() => {
    const v = video.current;
    if (!mountVideo || !v) return;
    // React does not reflect `muted` as an attribute; browsers only autoplay muted media.
    v.muted = true;
    v.defaultMuted = true;
    if (!reducedMotion()) v.play().catch(() => setPlaying(false));
  }, [mountVideo]);

  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) {
      v.muted = true;
      v.play().catch(() => {});
    } else v.pause();
  };

  return (
    <div className="hero-media">
      <img className="hero-media__poster" src={HERO_POSTER} alt="" width={800} height={800} fetchPriority="high" decoding="async" />
      {mountVideo ? (
        <video
          ref={video}
          className="hero-media__video"
          data-playing={playing ? 'true' : 'false'}
          poster={HERO_POSTER}
          muted
          loop
          playsInline
          preload={reducedMotion() ? 'none' : 'auto'}
          aria-hidden="true"
          tabIndex={-1}
          disablePictureInPicture
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          <source src={HERO_VIDEO_WEBM} type="video/webm" />
          <source src={HERO_VIDEO_MP4} type="video/mp4" />
        </video>
      ) : null}
      <div className="hero-media__note" aria-hidden="true">
        <span className="hero-media__note-dot" />
        Harvested this morning
      </div>
      {mountVideo ? (
        <button
          type="button"
          className="hero-media__toggle"
          onClick={toggle}
          aria-label={playing ? 'Pause background video' : 'Play background video'}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      ) : null}
    </div>
  );
}

export function HomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">Hydroponic greens · Bengaluru</p>
          <h1 id="hero-title" className="hero__title">
            Shakes grown, <em>not just made.</em>
          </h1>
          <p className="lead hero__lead">
            Premium shakes built on greens from our own hydroponic towers, picked the morning we blend them and delivered cold the same day.
          </p>
          <div className="cluster hero__actions">
            <Link href="/custom-shake" className="btn btn--primary btn--lg">
              Build Your Own
              <ArrowRightIcon />
            </Link>
            <Link href="/signature-shakes" className="btn btn--secondary btn--lg">
              Signature Shakes
            </Link>
          </div>
        </div>
        <HeroMedia />
      </div>
      <div className="container">
        <ul className="hero-stats list-reset" role="list" aria-label="Hydro Shakes in numbers" data-testid="hero-stats">
          {HERO_STATS.map(({ value, label, Icon }) => (
            <li key={label} className="hero-stat" data-testid="hero-stat">
              <Icon className="hero-stat__icon" />
              <span className="hero-stat__text">
                <strong className="hero-stat__value">{value}</strong> <span className="hero-stat__label">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
