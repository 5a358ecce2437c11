import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { VoiceStatusBadge } from './voice-status-badge';

it('shows the state name and exposes the state type as data-state', async () => {
  const screen = await render(<VoiceStatusBadge stateName="Available" stateType="routable" />);
  const badge = screen.getByRole('status');
  await expect.element(badge).toHaveTextContent('Available');
  await expect.element(badge).toHaveAttribute('data-state', 'routable');
});
