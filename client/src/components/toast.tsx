import { useSyncExternalStore } from 'react';
import { AlertIcon, CheckIcon, SparkleIcon } from './icons';

/**
 * Spec §9: one toast at a time, removed 3000 ms after it is dismissed or times out.
 * `toast()` can be called from anywhere (hooks, stores); <Toaster/> renders it.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 3000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}
export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastState[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: number) {
  if (timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = ++seq;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  // Shown for a moment, then closed; removed from the DOM TOAST_REMOVE_DELAY after closing.
  setTimeout(() => dismissToast(id), 4000);
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  scheduleRemoval(id);
}

export function useToasts(): ToastState[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}

const ICONS = { success: CheckIcon, destructive: AlertIcon, default: SparkleIcon } as const;

/** Rendered once by the layout. Styling lives in the design system (.toast classes). */
export function Toaster() {
  const list = useToasts();
  return (
    // Not a live region itself: each toast is one (alert or status), so its words are announced once.
    <div className="toast-region" role="region" aria-label="Notifications">
      {list.map((t) => {
        const Icon = ICONS[t.variant ?? 'default'];
        return (
          <div
            key={t.id}
            className={`toast toast--${t.variant ?? 'default'}`}
            data-state={t.open ? 'open' : 'closed'}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
          >
            <span className="toast__icon" aria-hidden="true">
              <Icon />
            </span>
            <div className="toast__body">
              <p className="toast__title">{t.title}</p>
              {t.description ? <p className="toast__description">{t.description}</p> : null}
            </div>
            <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
