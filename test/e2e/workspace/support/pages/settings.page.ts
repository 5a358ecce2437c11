import type { Locator, Page } from '@playwright/test';

/** The settings area: side navigation and its screens (agents, teams, templates, import, …). */
export class SettingsPage {
  readonly layout: Locator;
  readonly heading: Locator;
  readonly forbidden: Locator;
  readonly agentsPage: Locator;
  readonly agentRows: Locator;
  readonly agentForm: Locator;
  readonly agentSave: Locator;
  readonly teamsPage: Locator;
  readonly teamCards: Locator;
  readonly newTeam: Locator;
  readonly teamDialog: Locator;
  readonly teamName: Locator;
  readonly teamEmoji: Locator;
  readonly teamSave: Locator;
  readonly templateRows: Locator;
  readonly newTemplate: Locator;
  readonly templateTitle: Locator;
  readonly templateBody: Locator;
  readonly templateSave: Locator;
  readonly importFile: Locator;
  readonly importStart: Locator;
  readonly importProgress: Locator;
  readonly importResult: Locator;
  readonly importErrors: Locator;
  readonly importRows: Locator;
  readonly toasts: Locator;
  /** Skeletons shown while a screen loads. */
  readonly loading: Locator;

  constructor(private readonly page: Page) {
    this.layout = page.getByTestId('settings-layout');
    this.heading = page.getByRole('heading', { level: 1 });
    this.forbidden = page.getByTestId('settings-forbidden');
    this.agentsPage = page.getByTestId('settings-agents');
    this.agentRows = page.getByTestId('agent-row');
    this.agentForm = page.getByTestId('agent-form');
    this.agentSave = page.getByTestId('agent-save');
    this.teamsPage = page.getByTestId('settings-teams');
    this.teamCards = page.getByTestId('team-card');
    this.newTeam = page.getByTestId('team-new');
    this.teamDialog = page.getByTestId('team-dialog');
    this.teamName = page.getByTestId('team-name');
    this.teamEmoji = page.getByTestId('team-emoji');
    this.teamSave = page.getByTestId('team-save');
    this.templateRows = page.getByTestId('template-row');
    this.newTemplate = page.getByTestId('template-new');
    this.templateTitle = page.getByTestId('template-title');
    this.templateBody = page.getByTestId('template-body');
    this.templateSave = page.getByTestId('template-save');
    this.importFile = page.getByTestId('import-file');
    this.importStart = page.getByTestId('import-start');
    this.importProgress = page.getByTestId('import-progress');
    this.importResult = page.getByTestId('import-result');
    this.importErrors = page.getByTestId('import-error');
    this.importRows = page.getByTestId('import-row');
    this.toasts = page.locator('.ui-toast');
    this.loading = page.locator('[role="status"][aria-label^="Loading"]');
  }

  async open(slug: string, path = ''): Promise<void> {
    await this.page.goto(`/ws/${slug}/settings${path ? `/${path}` : ''}`);
  }

  nav(path: string): Locator {
    return this.page.getByTestId(`settings-nav-${path}`);
  }

  agentRow(email: string): Locator {
    return this.page.locator(`[data-testid="agent-row"][data-agent-email="${email}"]`);
  }

  permit(name: string): Locator {
    return this.page.getByTestId(`permit-${name}`);
  }

  teamCard(name: string): Locator {
    return this.page.locator(`[data-testid="team-card"][data-team-name="${name}"]`);
  }

  teamMember(email: string): Locator {
    return this.page.getByTestId(`team-member-${email}`);
  }
}
