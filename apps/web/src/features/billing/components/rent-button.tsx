import { Ticket } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/money';
import { onDemand, useOpenedOnce } from '@/lib/on-demand';
import { useSession } from '@/lib/session-store';
import type { Purchase } from '../api/pay';

type RentalPurchase = Extract<Purchase, { kind: 'rental' }>;

// The payment dialog and its checkout are not part of the title page's first load: their code is
// fetched when the pointer enters or focus reaches the button, or at the latest on the press.
const RentDialog = onDemand(() => import('./rent-dialog'));
export const preloadRentDialog = RentDialog.preload;

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
  const mounted = useOpenedOnce(open);
  const preload = () => {
    if (isLoggedIn) RentDialog.preload();
  };

  return (
    <>
      <Button
        variant={variant}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (isLoggedIn ? setOpen(true) : void navigate(paths.login.href()))}
      >
        <Ticket aria-hidden="true" className="size-5" />
        Rent for {formatUsd(price)}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <RentDialog.Component
            title={title}
            price={price}
            open={open}
            onOpenChange={setOpen}
            onPaid={(message) => {
              setOpen(false);
              setDone(message);
              onRented?.(message);
            }}
          />
        </Suspense>
      )}
      <p aria-live="polite" className="sr-only">
        {done ?? ''}
      </p>
    </>
  );
}
