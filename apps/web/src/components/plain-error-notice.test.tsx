import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainErrorNotice } from './plain-error-notice.tsx';

describe('PlainErrorNotice', () => {
  it("names the error and offers 'Go Back Now' without any library", () => {
    const error = new TypeError('Failed to fetch dynamically imported module');
    render(<PlainErrorNotice error={error} />);
    expect(screen.getByRole('alertdialog', { name: 'Uh Oh...' })).toBeInTheDocument();
    expect(screen.getByText('TypeError')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back Now' })).toBeInTheDocument();
  });
});
