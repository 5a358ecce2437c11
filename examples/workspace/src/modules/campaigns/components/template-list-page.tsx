import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText, Plus, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { Button, EmptyState, ErrorState, Input, Page, Select, SkeletonList } from '../../../ui';
import { useDebouncedValue } from '../../inbox/hooks/use-debounced-value';
import { useSession } from '../../session/hooks/use-session';
import { templateListQuery } from '../api/campaigns-api';
import type { CampaignChannel, TemplateStatus } from '../api/types';
import { CHANNEL_LABELS, TEMPLATE_STATUS_LABELS } from '../messages';
import { campaignPaths } from '../paths';
import { ChannelLabel, TemplateStatusBadge } from './badges';
import { LoadMore } from './load-more';

const CHANNEL_OPTIONS = [
  { value: '', label: 'Any channel' },
  ...(Object.entries(CHANNEL_LABELS) as [CampaignChannel, string][]).map(([value, label]) => ({
    value,
    label,
  })),
] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Any review state' },
  ...(Object.entries(TEMPLATE_STATUS_LABELS) as [TemplateStatus, string][]).map(
    ([value, label]) => ({ value, label }),
  ),
] as const;

/** campaigns/templates: the campaign templates with their review state. */
export function TemplateListPage() {
  const { slug } = useSession();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<CampaignChannel | ''>('');
  const [status, setStatus] = useState<TemplateStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const query = useInfiniteQuery(templateListQuery(slug, { channel, status, search }));
  const templates = query.data?.pages.flatMap((p) => p.templates) ?? [];
  const filtered = Boolean(channel || status || search);
  return (
    <Page
      title="Templates"
      subtitle="Message templates for campaigns; WhatsApp sends approved ones only"
      data-testid="template-list"
      actions={
        <Button
          variant="primary"
          icon={<Plus aria-hidden="true" />}
          onClick={() => void navigate(campaignPaths.newTemplate(slug, channel || 'whatsapp'))}
          data-testid="new-template"
        >
          New template
        </Button>
      }
    >
      <div className="cmp-toolbar" role="search">
        <Input
          type="search"
          aria-label="Search templates"
          placeholder="Search by name or text"
          icon={<Search aria-hidden="true" />}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          data-testid="template-search"
        />
        <Select
          label="Channel"
          value={channel}
          options={CHANNEL_OPTIONS}
          onValueChange={setChannel}
          data-testid="template-filter-channel"
        />
        <Select
          label="Review state"
          value={status}
          options={STATUS_OPTIONS}
          onValueChange={setStatus}
          data-testid="template-filter-status"
        />
      </div>
      <div className="ui-card cmp-list">
        {query.isPending ? (
          <SkeletonList label="Loading templates" rows={5} />
        ) : query.isError ? (
          <ErrorState
            title="Templates could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : templates.length === 0 ? (
          <EmptyState
            icon={filtered ? <SearchX aria-hidden="true" /> : <FileText aria-hidden="true" />}
            title={filtered ? 'No templates match' : 'No templates yet'}
            body={
              filtered
                ? 'Try another text, channel or review state.'
                : 'WhatsApp campaigns send approved templates. Create one to get started.'
            }
            data-testid="templates-empty"
          />
        ) : (
          <ul className="cmp-rows" aria-label="Templates">
            {templates.map((t) => (
              <li key={t.id}>
                <Link
                  to={campaignPaths.templateEditor(slug, t.id)}
                  className="cmp-row"
                  data-kind="template"
                  data-testid="template-row"
                >
                  <span className="cmp-row__main">
                    <span className="cmp-row__name">{t.name}</span>
                    <span className="cmp-row__meta">
                      <ChannelLabel channel={t.channel} />
                      <span aria-hidden="true">·</span>
                      <span>{t.language}</span>
                      <span aria-hidden="true">·</span>
                      <span>Updated {formatDateTime(t.updatedAt)}</span>
                    </span>
                    <span className="cmp-row__body">{t.body}</span>
                  </span>
                  <span className="cmp-row__status">
                    <TemplateStatusBadge status={t.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </div>
    </Page>
  );
}
