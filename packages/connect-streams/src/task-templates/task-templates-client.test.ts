import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ServiceCallError,
  TaskTemplatesClient,
  taskTemplatesBaseUrl,
} from './task-templates-client';

function recorder(responses: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init: init ?? {} });
    const next = responses.shift() ?? (() => Response.json({ ok: true }));
    return Promise.resolve(next());
  });
  return { fetch, calls };
}

afterEach(() => vi.useRealTimers());

describe('task templates base URL', () => {
  it('uses {host}/task-templates/api/ccp on current domains and adds /connect on .awsapps.com', () => {
    expect(taskTemplatesBaseUrl('https://acme.my.connect.aws')).toBe(
      'https://acme.my.connect.aws/task-templates/api/ccp',
    );
    expect(taskTemplatesBaseUrl('https://acme.awsapps.com/connect')).toBe(
      'https://acme.awsapps.com/connect/task-templates/api/ccp',
    );
  });

  it('uses an endpoint that already names /task-templates as is', () => {
    expect(taskTemplatesBaseUrl('https://x.test/task-templates/api/ccp')).toBe(
      'https://x.test/task-templates/api/ccp',
    );
  });

  it('requires taskTemplatesEndpoint or endpoint', () => {
    expect(() => new TaskTemplatesClient({})).toThrow('taskTemplatesEndpoint must be provided');
    expect(new TaskTemplatesClient({ endpoint: 'https://a.my.connect.aws' }).baseUrl).toBe(
      'https://a.my.connect.aws/task-templates/api/ccp',
    );
  });
});

describe('task templates calls', () => {
  const endpoint = 'https://acme.my.connect.aws/task-templates/api/ccp';

  it('lists templates with GET, credentials included, the CSRF header and the query string', async () => {
    const { fetch, calls } = recorder([() => Response.json({ TaskTemplates: [] })]);
    const sut = new TaskTemplatesClient({ taskTemplatesEndpoint: endpoint, fetch });
    await expect(
      sut.listTaskTemplates({
        instanceId: 'i-1',
        queryParams: { status: 'active', maxResults: '10' },
      }),
    ).resolves.toEqual({
      TaskTemplates: [],
    });
    expect(calls[0]!.url).toBe(
      `${endpoint}/proxy/instance/i-1/task/template?status=active&maxResults=10`,
    );
    expect(calls[0]!.init).toMatchObject({
      method: 'GET',
      credentials: 'include',
      headers: {
        'x-csrf-token': 'csrf',
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
    });
  });

  it('gets a template with snapshotVersion', async () => {
    const { fetch, calls } = recorder([]);
    const sut = new TaskTemplatesClient({ taskTemplatesEndpoint: endpoint, fetch });
    await sut.getTaskTemplate({ instanceId: 'i-1', templateParams: { id: 't-9', version: 3 } });
    await sut.getTaskTemplate({ instanceId: 'i-1', templateParams: { id: 't-9' } });
    expect(calls.map((c) => c.url)).toEqual([
      `${endpoint}/proxy/instance/i-1/task/template/t-9?snapshotVersion=3`,
      `${endpoint}/proxy/instance/i-1/task/template/t-9`,
    ]);
  });

  it('get needs templateParams with an id', async () => {
    const sut = new TaskTemplatesClient({
      taskTemplatesEndpoint: endpoint,
      fetch: recorder([]).fetch,
    });
    await expect(sut.call('getTaskTemplate', { instanceId: 'i' })).rejects.toThrow(
      'params.templateParams.id must be provided',
    );
  });

  it('creates a templated task with PUT and updates a contact with POST, JSON bodies', async () => {
    const { fetch, calls } = recorder([]);
    const sut = new TaskTemplatesClient({ taskTemplatesEndpoint: endpoint, fetch });
    await sut.createTemplatedTask({
      templateId: 't',
      relatedContactId: 'r',
      previousContactId: 'p',
    });
    await sut.updateContact({ contactId: 'c', name: 'n' });
    expect(calls[0]).toMatchObject({
      url: `${endpoint}/createTemplatedTask`,
      init: { method: 'PUT' },
    });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      templateId: 't',
      relatedContactId: 'r',
    });
    expect(calls[1]).toMatchObject({ url: `${endpoint}/updateContact`, init: { method: 'POST' } });
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ contactId: 'c', name: 'n' });
  });

  it("refuses unknown methods: 'No such method exists on AWS client: {method}'", async () => {
    const sut = new TaskTemplatesClient({
      taskTemplatesEndpoint: endpoint,
      fetch: recorder([]).fetch,
    });
    await expect(sut.call('deleteEverything', {})).rejects.toThrow(
      'No such method exists on AWS client: deleteEverything',
    );
  });

  it('retries 5xx and 429 every 1000 ms, 5 attempts in all, then fails with the JSON body and status', async () => {
    vi.useFakeTimers();
    const { fetch } = recorder([
      () => new Response('', { status: 503 }),
      () => new Response('', { status: 429 }),
      () => new Response('', { status: 500 }),
      () => new Response('', { status: 502 }),
      () => Response.json({ message: 'still down', code: 'X' }, { status: 500 }),
      () => Response.json({ never: true }),
    ]);
    const sut = new TaskTemplatesClient({ taskTemplatesEndpoint: endpoint, fetch });
    const p = sut.updateContact({ contactId: 'c' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    const err = await p;
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(err).toBeInstanceOf(ServiceCallError);
    expect((err as ServiceCallError).body).toEqual({
      message: 'still down',
      code: 'X',
      status: 500,
    });
  });

  it('does not retry a 4xx other than 429', async () => {
    const { fetch } = recorder([() => Response.json({ message: 'bad' }, { status: 400 })]);
    const sut = new TaskTemplatesClient({ taskTemplatesEndpoint: endpoint, fetch });
    await expect(sut.updateContact({})).rejects.toMatchObject({
      status: 400,
      body: { message: 'bad', status: 400 },
    });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
