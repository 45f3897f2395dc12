import '@testing-library/jest-dom/vitest';
// Loaded up front as the app's modules are: the api client parses every answer with it in tests.
import '@marquee/contract';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { installMatchMedia, setViewportWidth } from './viewport';

// A console.error during a test fails it (STYLE.md): React warnings are bugs.
let consoleErrors: string[] = [];

installMatchMedia();

// Pages are lazy chunks: their first import in a run can take seconds on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 15_000, expect: { poll: { timeout: 5000 } } });

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(describe).join(' '));
  });
  // jsdom does not implement scrolling; the layout scrolls to the top on every page change.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  // The phone category strip scrolls its lit pill into view.
  Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo;
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ isLoggedIn: false, user: null, activeCategory: null, homepage: [], signedOut: false });
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the test:\n${consoleErrors.join('\n')}`);
  }
});

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === 'string' ? value : String(value);
}
