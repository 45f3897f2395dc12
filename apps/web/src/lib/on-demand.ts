import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads on first use: `Component` for React.lazy (inside a Suspense), and
 * `preload` to fetch the code earlier, e.g. when the pointer enters or focus reaches the button
 * that shows it. A failed load is forgotten, so the next attempt asks again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy
export function onDemand<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let pending: Promise<{ default: T }> | undefined;
  const fetch = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const preload = () => void fetch().catch(() => undefined);
  return { Component: lazy(fetch), preload };
}

/** True from the first render where `open` is true: a dialog loaded on demand then stays mounted. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
