import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredPopup } from './deferred-popup';

/** A lazy popup whose code arrives when the test says so. */
function slowPopup() {
  let arrive = () => {};
  const Popup = lazy(
    () =>
      new Promise<{ default: (props: { open: boolean }) => React.ReactNode }>((resolve) => {
        arrive = () => resolve({ default: ({ open }) => (open ? <p role="menu">Loaded and open</p> : <p>Loaded, closed</p>) });
      }),
  );
  return { Popup, arrive: () => arrive() };
}

describe('DeferredPopup', () => {
  it('keeps a click on the stand-in and opens the popup when its code arrives', async () => {
    const { Popup, arrive } = slowPopup();
    render(<DeferredPopup standIn={(ask) => <button onClick={ask}>Menu</button>}>{(open) => <Popup open={open} />}</DeferredPopup>);

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    arrive();
    expect(await screen.findByRole('menu')).toHaveTextContent('Loaded and open');
  });

  it('arrives closed when nobody asked', async () => {
    const { Popup, arrive } = slowPopup();
    render(<DeferredPopup standIn={(ask) => <button onClick={ask}>Menu</button>}>{(open) => <Popup open={open} />}</DeferredPopup>);

    arrive();
    expect(await screen.findByText('Loaded, closed')).toBeInTheDocument();
  });
});
