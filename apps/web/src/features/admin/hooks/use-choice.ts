import { useState } from 'react';

/**
 * What a control that saves on change (a Shown box, a select) shows while its change is saved:
 * the operator's choice from the moment they make it, then the saved value once the save has
 * settled. The choice is React state set in the change event itself, so the control never flips
 * back to the old value before the save has even started (a mutation's own pending state reaches
 * the component a moment later).
 */
export function useChoice<T>() {
  const [choice, setChoice] = useState<{ id: string; value: T } | null>(null);
  return {
    /** The value to show for item `id`: the choice being saved, or `saved`. */
    shown: (id: string, saved: T): T => (choice?.id === id ? choice.value : saved),
    /** Records the choice; pass `settled` to the save's onSettled. */
    choose: (id: string, value: T) => setChoice({ id, value }),
    settled: () => setChoice(null),
  };
}
