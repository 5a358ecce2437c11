import { expect, test } from '@playwright/test';
import { AppShellPage } from './pages/app-shell.page';

test('npm start serves the workspace app shell, which renders the voice status from @x/react-voice', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppShellPage(page);
  await app.open();
  await expect(app.shell).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
  await expect(app.voiceStatus).toHaveAttribute('data-state', 'offline');
  expect(errors).toEqual([]);
});
