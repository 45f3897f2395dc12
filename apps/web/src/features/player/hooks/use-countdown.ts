import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from mount and calls `onDone` once at zero, unless cancelled first.
 * Mount it when the countdown should begin (e.g. when an episode ends).
 */
export function useCountdown(options: { seconds: number; onDone: () => void }) {
  const { seconds } = options;
  const [remaining, setRemaining] = useState(seconds);
  const [cancelled, setCancelled] = useState(false);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });

  useEffect(() => {
    if (cancelled) return;
    let left = seconds;
    const timer = setInterval(() => {
      left -= 1;
      setRemaining(left);
      if (left <= 0) {
        clearInterval(timer);
        onDone.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [cancelled, seconds]);

  return { remaining, cancelled, cancel: () => setCancelled(true) };
}
