import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/money';
import { useSession } from '@/lib/session-store';
import type { Purchase } from '../api/pay';
import { Checkout } from './checkout';

export const RENTAL_TERMS = 'You have 30 days to start watching and 48 hours to finish once you start.';

type RentalPurchase = Extract<Purchase, { kind: 'rental' }>;

interface RentButtonProps {
  title: RentalPurchase['title'];
  price: number;
  variant?: ButtonVariant;
  /** After the server granted the rental, with its message. */
  onRented?: (message: string) => void;
  /** The payment dialog's state, when something else on the page can open it too (e.g. the watch dialog). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** 'Rent for $X' and its payment dialog (the rent handlers behaviour.md §7 left unwired). */
export function RentButton({ title, price, variant = 'secondary', onRented, ...control }: RentButtonProps) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const navigate = useNavigate();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = control.open ?? ownOpen;
  const setOpen = control.onOpenChange ?? setOwnOpen;
  const [done, setDone] = useState<string | null>(null);

  return (
    <>
      <Button variant={variant} onClick={() => (isLoggedIn ? setOpen(true) : void navigate(paths.login.href()))}>
        <Ticket aria-hidden="true" className="size-5" />
        Rent for {formatUsd(price)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Rent ${title.name}`} description={`${formatUsd(price)} USD. ${RENTAL_TERMS}`}>
        <Checkout
          purchase={{ kind: 'rental', title, price }}
          onPaid={({ message }) => {
            setOpen(false);
            setDone(message);
            onRented?.(message);
          }}
        />
      </Dialog>
      <p aria-live="polite" className="sr-only">
        {done ?? ''}
      </p>
    </>
  );
}
