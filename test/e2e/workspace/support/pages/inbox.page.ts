import type { Locator, Page } from '@playwright/test';

/** The inbox: lists with counts, the conversation list, the conversation and its call parts. */
export class InboxPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly statusFilter: Locator;
  readonly listLoading: Locator;
  readonly listEmpty: Locator;
  readonly conversation: Locator;
  readonly conversationTitle: Locator;
  readonly timeline: Locator;
  readonly messages: Locator;
  readonly notes: Locator;
  readonly callParts: Locator;
  readonly composer: Locator;
  readonly composerInput: Locator;
  readonly send: Locator;
  readonly savedReplies: Locator;
  readonly assignee: Locator;
  readonly status: Locator;
  readonly callPanel: Locator;
  readonly audioPlayer: Locator;
  readonly transcript: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('inbox');
    this.list = page.getByTestId('conversation-list');
    this.rows = page.getByTestId('conversation-row');
    this.search = page.getByTestId('conversation-search');
    this.statusFilter = page.getByTestId('conversation-status-filter');
    this.listLoading = page.getByTestId('conversation-list-loading');
    this.listEmpty = page.getByTestId('conversation-list-empty');
    this.conversation = page.getByTestId('conversation-view');
    this.conversationTitle = page.getByTestId('conversation-title');
    this.timeline = page.getByTestId('timeline');
    this.messages = page.getByTestId('timeline-message');
    this.notes = page.getByTestId('timeline-note');
    this.callParts = page.getByTestId('call-part');
    this.composer = page.getByTestId('composer');
    this.composerInput = page.getByTestId('composer-input');
    this.send = page.getByTestId('composer-send');
    this.savedReplies = page.getByTestId('saved-replies');
    this.assignee = page.getByTestId('conversation-assignee');
    this.status = page.getByTestId('conversation-status');
    this.callPanel = page.getByTestId('call-part-panel');
    this.audioPlayer = page.getByTestId('audio-player');
    this.transcript = page.getByTestId('transcript');
  }

  async open(slug: string, list = 'all'): Promise<void> {
    await this.page.goto(`/ws/${slug}/inbox/${list}`);
  }

  listLink(kind: string, id?: string): Locator {
    return this.page.getByTestId(id ? `inbox-list-${kind}-${id}` : `inbox-list-${kind}`);
  }

  listCount(kind: string, id?: string): Locator {
    return this.page.getByTestId(`${id ? `inbox-list-${kind}-${id}` : `inbox-list-${kind}`}-count`);
  }

  row(conversationId: string): Locator {
    return this.page.locator(
      `[data-testid="conversation-row"][data-conversation-id="${conversationId}"]`,
    );
  }
}
