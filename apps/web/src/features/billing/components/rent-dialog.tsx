import { Dialog } from '@/components/ui/dialog';
import { formatUsd } from '@/lib/money';
import type { Purchase } from '../api/pay';
import { Checkout } from './checkout';

export const RENTAL_TERMS = 'You have 30 days to start watching and 48 hours to finish once you start.';

type RentalPurchase = Extract<Purchase, { kind: 'rental' }>;

export interface RentDialogProps {
  title: RentalPurchase['title'];
  price: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server granted the rental, with its message. */
  onPaid: (message: string) => void;
}

/** The rental's payment dialog; loaded on demand by the rent button (see rent-button.tsx). */
export default function RentDialog({ title, price, open, onOpenChange, onPaid }: RentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Rent ${title.name}`} description={`${formatUsd(price)} USD. ${RENTAL_TERMS}`}>
      <Checkout purchase={{ kind: 'rental', title, price }} onPaid={({ message }) => onPaid(message)} />
    </Dialog>
  );
}
