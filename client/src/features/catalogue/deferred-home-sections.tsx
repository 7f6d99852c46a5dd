import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const HomeSections = lazy(() => import('./home-sections'));

/** Same boxes as the real sections (heights reserved in home.css), so nothing moves when they arrive. */
function Placeholder() {
  return (
    <div aria-hidden="true">
      <div className="home-slot home-slot--features" />
      <div className="home-slot home-slot--builder" />
      <div className="home-slot home-slot--plans" />
      <div className="home-slot home-slot--reviews" />
    </div>
  );
}

/**
 * Spec §2: features, build-your-own, subscription and testimonials load after the first view —
 * a separate chunk, requested when the shopper scrolls near it or when the browser is idle after load.
 */
export function DeferredHomeSections() {
  const anchor = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (show) return;
    const reveal = () => setShow(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin: '400px 0px' });
    if (anchor.current) io.observe(anchor.current);
    let idle = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLoad = () => {
      // Give the first view (and its LCP) room before fetching the rest of the page.
      timer = setTimeout(() => {
        if (window.requestIdleCallback) idle = window.requestIdleCallback(reveal, { timeout: 2000 });
        else reveal();
      }, 1200);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      io.disconnect();
      window.removeEventListener('load', onLoad);
      if (timer) clearTimeout(timer);
      if (idle) window.cancelIdleCallback?.(idle);
    };
  }, [show]);

  return (
    <div ref={anchor} className="home-deferred" data-testid="home-deferred" data-loaded={show ? 'true' : 'false'}>
      {show ? (
        <Suspense fallback={<Placeholder />}>
          <HomeSections />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </div>
  );
}
