import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { WhatsappWindow } from '../../../../server/src/contract/inbox';
import { useSession } from '../../session/hooks/use-session';
import { Button, Field, Input, Select, toast } from '../../../ui';
import { inboxKeys, sendTemplateMessage } from '../api/inbox-api';
import { INBOX_COPY } from '../messages';
import { whenLocal } from './whatsapp-window-hint';
import { errorText } from '../../../lib/error-text';

const NONE = '';

/** `{{n}}` filled with the n-th value (an empty value keeps the placeholder). */
function fill(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole);
}

/**
 * Outside WhatsApp's 24-hour window (loaded only then, see composer.tsx): says so plainly and offers the approved templates (pick one,
 * fill its variables, see the message as the customer will, send it).
 */
export function WhatsappTemplateOffer({
  conversationId,
  window,
}: {
  readonly conversationId: string;
  readonly window: WhatsappWindow;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(NONE);
  const [values, setValues] = useState<string[]>([]);
  const template = window.templates.find((t) => `${t.name}|${t.language}` === key);
  const send = useMutation({
    mutationFn: () =>
      sendTemplateMessage(session.slug, conversationId, {
        name: template!.name,
        language: template!.language,
        parameters: values.slice(0, template!.variables).map((v) => v.trim()),
      }),
    onSuccess: async () => {
      setKey(NONE);
      setValues([]);
      await queryClient.invalidateQueries({
        queryKey: inboxKeys.messages(session.slug, conversationId),
      });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(session.slug) });
    },
    onError: (error) =>
      toast({
        tone: 'danger',
        title: INBOX_COPY.templateSent,
        description: errorText(error),
      }),
  });
  const complete =
    template !== undefined &&
    Array.from({ length: template.variables }, (_, i) => values[i]?.trim()).every(Boolean);
  // Inside the composer's form: its own button sends (a nested form is not allowed).
  const submit = () => {
    if (complete && !send.isPending) send.mutate();
  };
  const options = [
    { value: NONE, label: INBOX_COPY.chooseTemplate },
    ...window.templates.map((t) => ({
      value: `${t.name}|${t.language}`,
      label: `${t.name} (${t.language})`,
    })),
  ];
  return (
    <div className="template-offer" data-testid="whatsapp-template-offer">
      <div className="template-offer__notice" role="status" data-testid="whatsapp-window-closed">
        <strong>{INBOX_COPY.windowClosedTitle}</strong>
        <span>
          {window.lastInboundAt
            ? INBOX_COPY.windowClosedSince(whenLocal(window.lastInboundAt))
            : INBOX_COPY.windowClosedNever}
        </span>
      </div>
      {window.templatesError ? (
        <p className="template-offer__error" role="alert">
          {INBOX_COPY.templatesFailed} {window.templatesError}
        </p>
      ) : window.templates.length === 0 ? (
        <p className="template-offer__empty">{INBOX_COPY.templatesEmpty}</p>
      ) : (
        <div className="template-offer__form">
          <Select
            label={INBOX_COPY.templateLabel}
            value={key}
            options={options}
            onValueChange={(value) => {
              setKey(value);
              setValues([]);
            }}
            data-testid="template-select"
          />
          {template
            ? Array.from({ length: template.variables }, (_, i) => (
                <Field key={i} label={INBOX_COPY.templateVariable(i + 1)}>
                  {(control) => (
                    <Input
                      {...control}
                      value={values[i] ?? ''}
                      maxLength={1024}
                      onChange={(e) =>
                        setValues((v) => {
                          const next = [...v];
                          next[i] = e.target.value;
                          return next;
                        })
                      }
                      data-testid={`template-variable-${i + 1}`}
                    />
                  )}
                </Field>
              ))
            : null}
          {template ? (
            <figure className="template-offer__preview">
              <figcaption>{INBOX_COPY.templatePreview}</figcaption>
              <p data-testid="template-preview">
                {[template.header, fill(template.body, values), template.footer]
                  .filter(Boolean)
                  .join('\n\n')}
              </p>
            </figure>
          ) : null}
          <div className="composer__bar">
            <Button
              type="button"
              onClick={submit}
              variant="primary"
              size="sm"
              icon={<Send aria-hidden="true" />}
              loading={send.isPending}
              disabled={!complete}
              data-testid="template-send"
            >
              {INBOX_COPY.sendTemplate}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
