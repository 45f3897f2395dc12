import { Suspense, useState, type ReactNode } from 'react';

interface DeferredPopupProps {
  /** The trigger as drawn until the popup's code has arrived; `ask` opens the popup on arrival. */
  standIn: (ask: () => void) => ReactNode;
  /** The lazily loaded popup (trigger included), told whether a click on the stand-in asked for it. */
  children: (openOnArrival: boolean) => ReactNode;
}

/**
 * Header popups (the account menu, the notifications panel) bring Radix with them, which the
 * first render of a page does without: they load right after it, behind a stand-in trigger that
 * looks the same, and a click that comes before them is not lost.
 */
export function DeferredPopup({ standIn, children }: DeferredPopupProps) {
  const [asked, setAsked] = useState(false);
  return <Suspense fallback={standIn(() => setAsked(true))}>{children(asked)}</Suspense>;
}
