import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DescriptionPreview } from './description-preview';

const long = 'A'.repeat(100) + 'TAIL of the story';

describe('DescriptionPreview', () => {
  it('cuts a long description at 100 characters and toggles with See more / See less', async () => {
    render(<DescriptionPreview text={long} />);
    expect(screen.queryByText(/TAIL/)).not.toBeInTheDocument();
    expect(screen.getByText(`${'A'.repeat(100)}…`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See less' })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'See less' }));
    expect(screen.queryByText(/TAIL/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a description of exactly 100 characters in full, with no toggle', () => {
    render(<DescriptionPreview text={'B'.repeat(100)} />);
    expect(screen.getByText('B'.repeat(100))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a short description with no toggle', () => {
    render(<DescriptionPreview text="Short and sweet." />);
    expect(screen.getByText('Short and sweet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
