import { Component, type ErrorInfo, type ReactNode } from 'react';
import { hasStarted } from './page-loader';
import { AlertIcon, BrandMark, RefreshIcon } from './icons';

function StatusScreen(props: { title: string; message: string; kind: 'error' | 'loading' }) {
  return (
    <div className="status-screen" role="alert" data-error-screen={props.kind}>
      <div className="status-card">
        <BrandMark className="status-card__art" />
        <h1>{props.title}</h1>
        <p>{props.message}</p>
        <div className="cluster">
          <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
            <RefreshIcon />
            Refresh Page
          </button>
          <a className="btn btn--ghost" href="/">
            Go to the home page
          </a>
        </div>
      </div>
    </div>
  );
}

/** Spec §2 Shell: the app-wide error screen. */
export function ErrorScreen() {
  return (
    <StatusScreen
      kind="error"
      title="Something went wrong"
      message="We hit an unexpected problem showing this page. Your cart is safe. Refreshing usually fixes it."
    />
  );
}

/** Shown when the shop could not start (a script failed to load, a provider threw). */
export function LoadingErrorScreen() {
  return (
    <StatusScreen
      kind="loading"
      title="Loading Error"
      message="The shop could not finish loading. Check your connection and refresh the page."
    />
  );
}

interface BoundaryState {
  error: Error | null;
  atStartup: boolean;
}

/** App-wide boundary: Loading Error if the app never started, otherwise Something went wrong. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, atStartup: false };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error, atStartup: !hasStarted() };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[app] unhandled render error', error, info.componentStack);
  }
  render() {
    if (this.state.error) return this.state.atStartup ? <LoadingErrorScreen /> : <ErrorScreen />;
    return this.props.children;
  }
}

/**
 * A local boundary for one area of a page (e.g. the profile page). `fallback` receives the
 * error and a reset function; the default is a compact inline message with a retry.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback?: (error: Error, reset: () => void) => ReactNode; resetKey?: unknown },
  { error: Error | null }
> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidUpdate(prev: { resetKey?: unknown }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }
  componentDidCatch(error: Error) {
    console.error('[app] section error', error);
  }
  reset = () => this.setState({ error: null });
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.reset);
    return (
      <div className="alert alert--danger" role="alert">
        <AlertIcon />
        <div className="stack stack--sm">
          <p className="alert__title">Something went wrong</p>
          <p>This part of the page could not be shown.</p>
          <div>
            <button type="button" className="btn btn--secondary btn--sm" onClick={this.reset}>
              Try again
            </button>
          </div>
        </div>
      </div>
    );
  }
}
