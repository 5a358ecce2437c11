import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  AgentPermissions,
  AgentStateType,
  supportedLocaleSchema,
} from '@x/connect-streams/protocol';

const name = z.string().trim().min(1);
const e164 = z
  .string()
  .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number like +15555550100');

/**
 * One step of a contact flow: set contact attributes, set the working queue, play a prompt (into
 * the recording, at its start) or transfer to the working queue (the last step).
 * @public
 */
export const contactFlowStepSchema = z.union([
  z.strictObject({ setAttributes: z.record(z.string().min(1), z.string()) }),
  z.strictObject({ setWorkingQueue: name }),
  z.strictObject({ playPrompt: z.string().trim().min(1).max(2000) }),
  /** `true`: the working queue; a name: that queue. */
  z.strictObject({ transferToQueue: z.union([z.literal(true), name]) }),
]);

/**
 * A contact flow of the seed (small and declarative): the steps a dial-in runs before it waits
 * in a queue.
 * @public
 */
export type ContactFlowStep = z.infer<typeof contactFlowStepSchema>;

/**
 * The seed of a simulated instance (JSON or YAML). Names cross-reference each other: routing
 * profiles name queues, agents name a routing profile, phone numbers and quick connects name a
 * queue or an agent.
 * @public
 */
export const seedSchema = z
  .object({
    instance: z
      .object({
        id: z
          .string()
          .regex(
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
            'must be a UUID',
          )
          .optional(),
        alias: name.default('emulated'),
        region: name.default('us-east-1'),
        accountId: z
          .string()
          .regex(/^\d{12}$/, 'must be 12 digits')
          .default('123456789012'),
      })
      .prefault({}),
    agentStates: z
      .array(
        z.object({
          name,
          type: z.enum([
            AgentStateType.ROUTABLE,
            AgentStateType.NOT_ROUTABLE,
            AgentStateType.OFFLINE,
          ]),
        }),
      )
      .min(1)
      .default([
        { name: 'Available', type: 'routable' },
        { name: 'Offline', type: 'offline' },
      ]),
    queues: z.array(z.object({ name })).min(1),
    routingProfiles: z
      .array(
        z.object({
          name,
          queues: z.array(name).min(1),
          defaultOutboundQueue: name.optional(),
          channelConcurrency: z.record(z.string(), z.number().int().nonnegative()).optional(),
        }),
      )
      .min(1),
    agents: z
      .array(
        z.object({
          username: z.string().regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only'),
          name,
          routingProfile: name,
          extension: e164.optional(),
          permissions: z.array(z.string()).default([AgentPermissions.OUTBOUND_CALL]),
          softphoneEnabled: z.boolean().default(true),
          softphoneAutoAccept: z.boolean().default(false),
          locale: supportedLocaleSchema.default('en_US'),
          initialState: name.optional(),
        }),
      )
      .min(1),
    contactFlows: z
      .array(z.object({ name, steps: z.array(contactFlowStepSchema).min(1) }))
      .default([]),
    phoneNumbers: z
      .array(z.object({ number: e164, queue: name, contactFlow: name.optional() }))
      .default([]),
    quickConnects: z
      .array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('phone_number'), name, phoneNumber: e164 }),
          z.object({ type: z.literal('agent'), name, agent: name }),
          z.object({ type: z.literal('queue'), name, queue: name }),
        ]),
      )
      .default([]),
    dialableCountries: z.array(z.string().regex(/^[a-z]{2}$/)).default(['us', 'ca', 'gb']),
  })
  .superRefine((seed, ctx) => {
    const unique = (
      items: { name?: string; username?: string }[],
      key: 'name' | 'username',
      path: string,
    ) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const value = item[key]!;
        if (seen.has(value))
          ctx.addIssue({
            code: 'custom',
            path: [path, i, key],
            message: `duplicate ${key} ${JSON.stringify(value)}`,
          });
        seen.add(value);
      });
    };
    unique(seed.queues, 'name', 'queues');
    unique(seed.routingProfiles, 'name', 'routingProfiles');
    unique(seed.agents, 'username', 'agents');
    unique(seed.agentStates, 'name', 'agentStates');
    const queues = new Set(seed.queues.map((q) => q.name));
    const profiles = new Set(seed.routingProfiles.map((p) => p.name));
    const agents = new Set(seed.agents.map((a) => a.username));
    const states = new Set(seed.agentStates.map((s) => s.name));
    const unknown = (path: (string | number)[], what: string, value: string) =>
      ctx.addIssue({ code: 'custom', path, message: `unknown ${what} ${JSON.stringify(value)}` });
    if (!seed.agentStates.some((s) => s.type === 'routable'))
      ctx.addIssue({
        code: 'custom',
        path: ['agentStates'],
        message: 'needs at least one routable state',
      });
    if (!seed.agentStates.some((s) => s.type === 'offline'))
      ctx.addIssue({ code: 'custom', path: ['agentStates'], message: 'needs an offline state' });
    seed.routingProfiles.forEach((p, i) => {
      p.queues.forEach(
        (q, j) => queues.has(q) || unknown(['routingProfiles', i, 'queues', j], 'queue', q),
      );
      if (p.defaultOutboundQueue && !queues.has(p.defaultOutboundQueue))
        unknown(['routingProfiles', i, 'defaultOutboundQueue'], 'queue', p.defaultOutboundQueue);
    });
    seed.agents.forEach((a, i) => {
      if (!profiles.has(a.routingProfile))
        unknown(['agents', i, 'routingProfile'], 'routing profile', a.routingProfile);
      if (a.initialState && !states.has(a.initialState))
        unknown(['agents', i, 'initialState'], 'agent state', a.initialState);
    });
    unique(seed.contactFlows, 'name', 'contactFlows');
    const flows = new Set(seed.contactFlows.map((f) => f.name));
    seed.contactFlows.forEach((flow, i) => {
      flow.steps.forEach((step, j) => {
        const path = ['contactFlows', i, 'steps', j];
        if ('setWorkingQueue' in step && !queues.has(step.setWorkingQueue))
          unknown([...path, 'setWorkingQueue'], 'queue', step.setWorkingQueue);
        if ('transferToQueue' in step) {
          if (typeof step.transferToQueue === 'string' && !queues.has(step.transferToQueue))
            unknown([...path, 'transferToQueue'], 'queue', step.transferToQueue);
          if (j !== flow.steps.length - 1)
            ctx.addIssue({
              code: 'custom',
              path: [...path, 'transferToQueue'],
              message: 'transferToQueue must be the last step',
            });
        }
      });
      if (!flow.steps.some((step) => 'transferToQueue' in step))
        ctx.addIssue({
          code: 'custom',
          path: ['contactFlows', i, 'steps'],
          message: 'must end with transferToQueue',
        });
    });
    seed.phoneNumbers.forEach((n, i) => {
      if (!queues.has(n.queue)) unknown(['phoneNumbers', i, 'queue'], 'queue', n.queue);
      if (n.contactFlow && !flows.has(n.contactFlow))
        unknown(['phoneNumbers', i, 'contactFlow'], 'contact flow', n.contactFlow);
    });
    seed.quickConnects.forEach((qc, i) => {
      if (qc.type === 'agent' && !agents.has(qc.agent))
        unknown(['quickConnects', i, 'agent'], 'agent', qc.agent);
      if (qc.type === 'queue' && !queues.has(qc.queue))
        unknown(['quickConnects', i, 'queue'], 'queue', qc.queue);
    });
  });

/**
 * A seed as written (defaults optional).
 * @public
 */
export type SeedInput = z.input<typeof seedSchema>;

/**
 * A validated seed with defaults applied.
 * @public
 */
export type Seed = z.output<typeof seedSchema>;

/**
 * A seed that failed validation; `message` lists every problem with its path.
 * @public
 */
export class SeedError extends Error {
  /** Always `SeedError`. */
  override readonly name = 'SeedError';
  /** A seed refused with `message`, listing each bad field in `issues`. */
  constructor(
    message: string,
    /** Each bad field: its path (`agents[1].routingProfile`) and what is wrong with it. */
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Validates a seed object; throws {@link SeedError} naming each bad field with its path, e.g.
 * `agents[1].routingProfile: unknown routing profile "X"`.
 * @public
 */
export function parseSeed(input: unknown, source = 'seed'): Seed {
  const result = seedSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path:
      issue.path
        .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
        .join('') || '(root)',
    message: issue.message,
  }));
  throw new SeedError(
    `Invalid ${source}:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`,
    issues,
  );
}

/**
 * Reads and validates a JSON (`.json`) or YAML (anything else) seed file.
 * @public
 */
export async function loadSeedFile(file: string): Promise<Seed> {
  const text = await readFile(file, 'utf8');
  let raw: unknown;
  try {
    raw = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new SeedError(`Cannot parse ${file}: ${(error as Error).message}`);
  }
  return parseSeed(raw, file);
}

/**
 * The default demo instance: two queues, three agents, Away and Lunch states, two numbers (the
 * Sales number through a contact flow) and a few quick connects.
 * @public
 */
export const DEMO_SEED: SeedInput = {
  instance: {
    id: '11111111-2222-3333-4444-555555555555',
    alias: 'demo',
    region: 'us-east-1',
    accountId: '123456789012',
  },
  agentStates: [
    { name: 'Available', type: 'routable' },
    { name: 'Away', type: 'not_routable' },
    { name: 'Lunch', type: 'not_routable' },
    { name: 'Offline', type: 'offline' },
  ],
  queues: [{ name: 'BasicQueue' }, { name: 'Sales' }],
  routingProfiles: [
    {
      name: 'Basic Routing Profile',
      queues: ['BasicQueue', 'Sales'],
      defaultOutboundQueue: 'BasicQueue',
      channelConcurrency: { VOICE: 1, CHAT: 2 },
    },
  ],
  agents: [
    {
      username: 'jane',
      name: 'Jane Doe',
      routingProfile: 'Basic Routing Profile',
      extension: '+15555550100',
    },
    { username: 'john', name: 'John Roe', routingProfile: 'Basic Routing Profile' },
    {
      username: 'ana',
      name: 'Ana Silva',
      routingProfile: 'Basic Routing Profile',
      locale: 'pt_BR',
    },
  ],
  contactFlows: [
    {
      name: 'Sales inbound',
      steps: [
        { setAttributes: { line: 'sales' } },
        { playPrompt: 'Thank you for calling sales. This call may be recorded.' },
        { setWorkingQueue: 'Sales' },
        { transferToQueue: true },
      ],
    },
  ],
  phoneNumbers: [
    { number: '+15555550001', queue: 'BasicQueue' },
    { number: '+15555550002', queue: 'Sales', contactFlow: 'Sales inbound' },
  ],
  quickConnects: [
    { type: 'queue', name: 'Sales queue', queue: 'Sales' },
    { type: 'agent', name: 'John Roe', agent: 'john' },
    { type: 'phone_number', name: 'Support line', phoneNumber: '+15555550199' },
  ],
  dialableCountries: ['us', 'ca', 'gb'],
};
