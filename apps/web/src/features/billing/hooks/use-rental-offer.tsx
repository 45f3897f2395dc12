import { useState, type ReactNode } from 'react';
import type { Purchase } from '../api/pay';
import { RentButton, preloadRentDialog } from '../components/rent-button';

interface RentalOfferInput {
  title: Extract<Purchase, { kind: 'rental' }>['title'];
  /** The rent price when the server says the viewer can rent the title, else null. */
  price: number | null;
  onRented?: () => void;
}

export interface RentalOffer {
  /** 'Rent for $X' with its payment dialog, for the page's actions. */
  button: ReactNode;
  /** The same dialog opened from elsewhere (the watch dialog); null when not for rent. */
  choice: { price: number; choose: () => void; preload: () => void } | null;
}

/** A title page's rental: one payment dialog, opened by its own button or by the watch dialog. */
export function useRentalOffer({ title, price, onRented }: RentalOfferInput): RentalOffer {
  const [open, setOpen] = useState(false);
  if (price === null) return { button: null, choice: null };
  return {
    button: <RentButton title={title} price={price} open={open} onOpenChange={setOpen} onRented={onRented} />,
    choice: { price, choose: () => setOpen(true), preload: preloadRentDialog },
  };
}
