import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastProps } from './toast';

/** Only one notification is visible at a time; a new one replaces the previous. */
const TOAST_LIMIT = 1;
/** A closed toast stays in the list (unmounted by Radix) until this delay has passed. */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

type ToastContent = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastProps['variant'];
  duration?: number;
};

type ToastEntry = ToastContent & { id: string; open: boolean };

let toasts: ToastEntry[] = [];
let lastId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a notification; the returned handle updates or dismisses it. */
export function toast(content: ToastContent) {
  lastId += 1;
  const id = String(lastId);
  setToasts([{ ...content, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    update: (changes: ToastContent) =>
      setToasts(toasts.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry))),
    dismiss: () => dismissToast(id),
  };
}

export function dismissToast(id: string) {
  setToasts(toasts.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((entry) => entry.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getToasts() {
  return toasts;
}

export function useToasts() {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
