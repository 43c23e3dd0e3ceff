import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { UpdatedAge } from './updated-age.tsx';

function Card() {
  const [updatedAt, setUpdatedAt] = useState(() => Date.now() - 13 * 60_000);
  return (
    <MantineProvider env="test">
      <h1 tabIndex={-1}>Dashboard</h1>
      <UpdatedAge
        updatedAt={updatedAt}
        onRefresh={() => setUpdatedAt(Date.now())}
        widgetTitle="AUTHORIZATION"
      />
    </MantineProvider>
  );
}

describe('UpdatedAge', () => {
  it('keeps the focus on the age when the yellow Refresh pressed by keyboard goes away', async () => {
    const user = userEvent.setup();
    render(<Card />);
    const button = screen.getByRole('button', { name: 'Refresh AUTHORIZATION (stale)' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Refresh AUTHORIZATION (stale)' })).not.toBeInTheDocument(),
    );
    expect(document.activeElement).toHaveTextContent('Updated under 1 minute');
  });
});
