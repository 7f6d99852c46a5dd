import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Layout } from './components/layout';
import { notePageRendered, PageLoader } from './components/page-loader';

/**
 * The signed-in pages' guards load with the first of those pages (the outer Suspense shows the page
 * loader meanwhile, as the guard itself does while the session is checked): a guest's first view does
 * not carry them, and a guest is still sent to /auth before the page's own chunk is fetched.
 */
const loadGuards = () => import('./features/auth/guards');
const RequireAuth = lazy(() => loadGuards().then((m) => ({ default: m.RequireAuth })));
const RequireAdmin = lazy(() => loadGuards().then((m) => ({ default: m.RequireAdmin })));

/**
 * The route table of spec §2. Every page is its own lazy chunk; the loaders are
 * exported so the shell can prefetch later pages (0.8 s, 2.3 s, 3.8 s).
 */
export const pages = {
  home: () => import('./routes/home'),
  signatureShakes: () => import('./routes/signature-shakes'),
  shake: () => import('./routes/shake'),
  customShake: () => import('./routes/custom-shake'),
  about: () => import('./routes/about'),
  auth: () => import('./routes/auth'),
  authCallback: () => import('./routes/auth-callback'),
  resetPassword: () => import('./routes/reset-password'),
  cart: () => import('./routes/cart'),
  payment: () => import('./routes/payment'),
  subscriptions: () => import('./routes/subscriptions'),
  profile: () => import('./routes/profile'),
  schedules: () => import('./routes/schedules'),
  order: () => import('./routes/order'),
  adminLogin: () => import('./routes/admin/login'),
  admin: () => import('./routes/admin/admin-app'),
  rider: () => import('./routes/rider'),
  notFound: () => import('./routes/not-found'),
};

type PageName = keyof typeof pages;
const loaded: Partial<Record<PageName, ComponentType>> = {};

/**
 * Load a page's chunk before the first render (main.tsx, on "/"): that render then shows the page
 * itself, never the loader. It matters for the prerendered first view, which React's first commit
 * replaces: a loader there would blank the hero for a moment.
 */
export async function preloadPage(name: PageName): Promise<void> {
  loaded[name] = (await pages[name]()).default as ComponentType;
}

function Preloaded({ Page }: { Page: ComponentType }) {
  useEffect(notePageRendered, []);
  return <Page />;
}

const L = Object.fromEntries(
  (Object.keys(pages) as PageName[]).map((name) => {
    const Lazy = lazy(pages[name] as () => Promise<{ default: ComponentType }>);
    const Page = () => {
      const Ready = loaded[name];
      return Ready ? <Preloaded Page={Ready} /> : <Lazy />;
    };
    return [name, Page];
  }),
) as unknown as Record<PageName, ComponentType>;

export function App() {
  return (
    <Layout>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={L.home} />
          <Route path="/signature-shakes" component={L.signatureShakes} />
          <Route path="/signature-shakes/:slug" component={L.shake} />
          <Route path="/custom-shake" component={L.customShake} />
          <Route path="/about" component={L.about} />
          <Route path="/auth" component={L.auth} />
          <Route path="/join" component={L.auth} />
          <Route path="/auth/callback" component={L.authCallback} />
          <Route path="/auth/v1/callback" component={L.authCallback} />
          <Route path="/auth/reset-callback" component={L.resetPassword} />
          <Route path="/reset-callback" component={L.resetPassword} />
          <Route path="/reset-password" component={L.resetPassword} />
          <Route path="/cart" component={L.cart} />
          <Route path="/payment" component={L.payment} />
          <Route path="/subscriptions" component={L.subscriptions} />
          <Route path="/admin/login" component={L.adminLogin} />
          <Route path="/profile/*?">
            <RequireAuth>
              <L.profile />
            </RequireAuth>
          </Route>
          <Route path="/deliveries/*?">
            <RequireAuth>
              <L.schedules />
            </RequireAuth>
          </Route>
          <Route path="/order/:id">
            <RequireAuth>
              <L.order />
            </RequireAuth>
          </Route>
          {/* The rider page guards itself: offline it opens for the rider whose session is on the phone (decision 297). */}
          <Route path="/rider" component={L.rider} />
          <Route path="/admin/*?">
            <RequireAdmin>
              <L.admin />
            </RequireAdmin>
          </Route>
          <Route component={L.notFound} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
