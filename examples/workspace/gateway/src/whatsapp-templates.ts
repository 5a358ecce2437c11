// WhatsApp message templates: the gateway's template store (two approved templates to start
// with), the Graph template routes (list, create, delete) and how a template message is rendered
// into the text a customer sees, with the Cloud API's checks (it exists and is approved in that
// language; the body's parameter count matches).
import type { Hono } from 'hono';
import { z } from 'zod';
import { GraphError } from './constants';
import { GRAPH_MESSAGES } from './messages';
import { digitsId } from './store';
import {
  GraphApiError,
  invalid,
  invalidParameter,
  missing,
  parameterText,
  readJson,
  type SendBody,
} from './whatsapp-wire';

/** A message template (definition components are uppercase). */
interface Template {
  readonly id: string;
  readonly name: string;
  readonly language: string;
  readonly category: string;
  status: string;
  readonly components: readonly TemplateComponent[];
}

const templateComponentSchema = z.looseObject({
  type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']),
  format: z.string().optional(),
  text: z.string().max(1024).optional(),
  buttons: z
    .array(z.looseObject({ type: z.string(), text: z.string() }))
    .max(10)
    .optional(),
  example: z.unknown().optional(),
});
type TemplateComponent = z.infer<typeof templateComponentSchema>;

const createTemplateSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'lowercase letters, digits and underscores'),
  language: z.string().min(2).max(16),
  category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION', 'TRANSACTIONAL']),
  components: z.array(templateComponentSchema).min(1).max(10),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  allow_category_change: z.boolean().optional(),
});

/** The templates every gateway starts with, APPROVED. */
const INITIAL_TEMPLATES: readonly Omit<Template, 'id' | 'status'>[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
      },
      { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
    ],
  },
  {
    name: 'customer_satisfaction_survey',
    language: 'en',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Thank you for contacting us, {{1}}. How would you rate our support? Reply with a number from 1 (poor) to 5 (excellent).',
        example: { body_text: [['Ana']] },
      },
    ],
  },
];

function fill(text: string, params: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

function variables(text: string | undefined): number {
  return new Set([...(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
}

/** The templates of the gateway's one business account. */
export class WhatsappTemplates {
  private readonly templates = new Map<string, Template>();

  constructor() {
    for (const t of INITIAL_TEMPLATES) this.add(t);
  }

  private add(t: Omit<Template, 'id' | 'status'>): Template {
    const template: Template = { ...t, id: digitsId(), status: 'APPROVED' };
    this.templates.set(`${t.name}|${t.language}`, template);
    return template;
  }

  /** A template message as the customer reads it: header, body and footer, parameters filled in. */
  render(message: NonNullable<SendBody['template']>): string {
    const { name, language, components = [] } = message;
    const t = this.templates.get(`${name}|${language.code}`);
    if (!t || t.status !== 'APPROVED')
      throw new GraphApiError(
        404,
        GraphError.templateMissing,
        GRAPH_MESSAGES.templateMissing(name, language.code),
      );
    const bodyParams = components.find((c) => c.type === 'body')?.parameters ?? [];
    const headerParams = components.find((c) => c.type === 'header')?.parameters ?? [];
    const def = (type: TemplateComponent['type']) => t.components.find((c) => c.type === type);
    if (variables(def('BODY')?.text) !== bodyParams.length)
      throw new GraphApiError(400, GraphError.templateParams, GRAPH_MESSAGES.templateParams);
    const header = def('HEADER');
    const parts = [
      header?.text ? fill(header.text, headerParams.map(parameterText)) : undefined,
      fill(def('BODY')?.text ?? '', bodyParams.map(parameterText)),
      def('FOOTER')?.text,
    ];
    return parts.filter((p): p is string => !!p).join('\n\n');
  }

  /** The `message_templates` edge of the business account, on `app` under version segment `v`. */
  mount(app: Hono, v: string, checkAccount: (id: string) => void): void {
    app.get(`/${v}/:waba/message_templates`, (c) => {
      checkAccount(c.req.param('waba'));
      const name = c.req.query('name');
      const data = [...this.templates.values()]
        .filter((t) => !name || t.name === name)
        .map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: t.components,
        }));
      return c.json({ data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
    });
    app.post(`/${v}/:waba/message_templates`, async (c) => {
      checkAccount(c.req.param('waba'));
      const parsed = createTemplateSchema.safeParse(await readJson(c));
      if (!parsed.success) throw invalid(parsed.error);
      const { name, language, category, components } = parsed.data;
      if (this.templates.has(`${name}|${language}`))
        throw invalidParameter(`a template ${name} (${language}) already exists`);
      const template = this.add({ name, language, category, components });
      return c.json({ id: template.id, status: template.status, category: template.category });
    });
    app.delete(`/${v}/:waba/message_templates`, (c) => {
      checkAccount(c.req.param('waba'));
      const name = c.req.query('name');
      if (!name) throw missing('name');
      const matches = [...this.templates.entries()].filter(([, t]) => t.name === name);
      if (matches.length === 0) throw invalidParameter(`no template ${name}`, 404);
      for (const [key] of matches) this.templates.delete(key);
      return c.json({ success: true });
    });
  }
}
