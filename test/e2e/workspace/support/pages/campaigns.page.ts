import type { Locator, Page } from '@playwright/test';

/** The campaigns area: overview, list, viewer, editor, templates and their dialogs. */
export class CampaignsPage {
  readonly area: Locator;
  readonly overview: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly newCampaign: Locator;
  readonly search: Locator;
  readonly statusFilter: Locator;
  readonly channelFilter: Locator;
  readonly viewer: Locator;
  readonly status: Locator;
  readonly editor: Locator;
  readonly saveDraft: Locator;
  readonly name: Locator;
  readonly audienceCount: Locator;
  readonly addRule: Locator;
  readonly rules: Locator;
  readonly scheduleButton: Locator;
  readonly sendLater: Locator;
  readonly scheduleDate: Locator;
  readonly scheduleTime: Locator;
  readonly problems: Locator;
  readonly sendingProgress: Locator;
  readonly sendingMeter: Locator;
  readonly kpis: Locator;
  readonly chart: Locator;
  readonly templateDialog: Locator;
  readonly leaveDialog: Locator;
  readonly templateList: Locator;
  readonly templateRows: Locator;
  readonly templateEditor: Locator;
  readonly templateName: Locator;
  readonly templateBody: Locator;
  readonly templateSave: Locator;
  readonly templateStatus: Locator;

  constructor(private readonly page: Page) {
    this.area = page.getByTestId('campaigns-area');
    this.overview = page.getByTestId('campaigns-overview');
    this.list = page.getByTestId('campaign-list');
    this.rows = page.getByTestId('campaign-row');
    this.newCampaign = page.getByTestId('new-campaign');
    this.search = page.getByTestId('campaign-search');
    this.statusFilter = page.getByTestId('campaign-filter-status');
    this.channelFilter = page.getByTestId('campaign-filter-channel');
    this.viewer = page.getByTestId('campaign-viewer');
    this.status = page.getByTestId('campaign-viewer').getByTestId('campaign-status');
    this.editor = page.getByTestId('campaign-editor');
    this.saveDraft = page.getByTestId('save-draft');
    this.name = page.getByTestId('campaign-name');
    this.audienceCount = page.getByTestId('audience-count');
    this.addRule = page.getByTestId('audience-add-rule');
    this.rules = page.getByTestId('audience-rule');
    this.scheduleButton = page.getByTestId('schedule-campaign');
    this.sendLater = page.getByTestId('send-later');
    this.scheduleDate = page.getByTestId('schedule-date');
    this.scheduleTime = page.getByTestId('schedule-time');
    this.problems = page.getByTestId('campaign-problems');
    this.sendingProgress = page.getByTestId('sending-progress');
    this.sendingMeter = page.getByTestId('sending-meter').getByRole('progressbar');
    this.kpis = page.getByTestId('kpis');
    this.chart = page.getByTestId('activity-chart');
    this.templateDialog = page.getByTestId('whatsapp-template-dialog');
    this.leaveDialog = page.getByTestId('leave-dialog');
    this.templateList = page.getByTestId('template-list');
    this.templateRows = page.getByTestId('template-row');
    this.templateEditor = page.getByTestId('template-editor');
    this.templateName = page.getByTestId('template-name');
    this.templateBody = page.getByTestId('template-body');
    this.templateSave = page.getByTestId('template-save');
    this.templateStatus = page
      .getByTestId('template-editor')
      .getByTestId('template-status')
      .first();
  }

  async open(slug: string, section: 'overview' | 'all' | 'templates'): Promise<void> {
    await this.page.goto(`/ws/${slug}/campaigns/${section}`);
  }

  /** Starts a new campaign of a channel from the list's "New campaign" dialog. */
  async startNew(channel: 'whatsapp' | 'email' | 'sms'): Promise<void> {
    await this.newCampaign.click();
    await this.page.getByTestId(`new-campaign-${channel}`).click();
  }

  tab(area: 'editor' | 'viewer', name: string): Locator {
    return this.page.getByTestId(`${area}-tab-${name}`);
  }

  kpi(name: 'total' | 'sent' | 'delivered' | 'read' | 'failed' | 'opted-out' | 'replied'): Locator {
    return this.page.getByTestId(`kpi-${name}-value`);
  }

  /** The nth audience rule's controls. */
  rule(n: number) {
    const row = this.rules.nth(n);
    return {
      kind: row.getByTestId('rule-kind'),
      op: row.getByTestId('rule-op'),
      field: row.getByTestId('rule-field'),
      tag: row.getByTestId('rule-tag'),
      value: row.getByTestId('rule-value'),
      days: row.getByTestId('rule-days'),
    };
  }
}
