// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentApps } from './agent-apps';

let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  container.id = 'apps';
  document.body.append(container);
});
afterEach(() => {
  container.remove();
  vi.useRealTimers();
});

function contact(id: string) {
  let destroy: (() => void) | undefined;
  return {
    getContactId: () => id,
    onDestroy: (h: () => void) => void (destroy = h),
    destroy: () => destroy?.(),
  };
}

describe('custom views (guides) app', () => {
  it("creates an iframe with id 'customviews' plus the suffix and the agent-app attributes", () => {
    const sut = new AgentApps();
    sut.initApp('customviews', 'apps', 'https://acme.my.connect.aws/stargate/app', {
      customViewsParams: { contactFlowId: 'flow-1', iframeSuffix: '-2' },
    });
    const iframe = container.querySelector<HTMLIFrameElement>('iframe')!;
    expect(iframe.id).toBe('customviews-2');
    expect(iframe.getAttribute('aria-label')).toBe('customviews-2');
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts',
    );
    expect(iframe.allow).toBe('clipboard-read; clipboard-write');
  });

  it('carries contactFlowId, currentContactId and agentAppTabId, with a trailing slash added to the URL', () => {
    const sut = new AgentApps();
    sut.initApp('customviews', container, 'https://acme.my.connect.aws/stargate/app', {
      customViewsParams: { contactFlowId: 'flow-1', contact: 'c-1' },
    });
    const src = container.querySelector('iframe')!.src;
    expect(src).toMatch(
      /^https:\/\/acme\.my\.connect\.aws\/stargate\/app\/\?contactFlowId=flow-1&currentContactId=c-1&agentAppTabId=[0-9a-f-]{36}-tab$/,
    );
  });

  it('keeps a URL that has a query string and omits currentContactId without a contact', () => {
    const sut = new AgentApps();
    sut.initApp('customviews', container, 'https://x.test/app?a=1', {
      customViewsParams: { contactFlowId: 'f' },
    });
    expect(container.querySelector('iframe')!.src).toMatch(
      /^https:\/\/x\.test\/app\?a=1\?contactFlowId=f&agentAppTabId=.*-tab$/,
    );
  });

  it('refuses to register the same custom-views iframe name twice', () => {
    const sut = new AgentApps();
    sut.initApp('customviews', container, 'https://x.test/', {
      customViewsParams: { contactFlowId: 'f' },
    });
    expect(() =>
      sut.initApp('customviews', container, 'https://x.test/', {
        customViewsParams: { contactFlowId: 'g' },
      }),
    ).toThrow(
      '[CustomViews]: Custom views application with the same name already exists. Please provide a different iframeSuffix for the custom views application.',
    );
    expect(() =>
      sut.initApp('customviews', container, 'https://x.test/', {
        customViewsParams: { contactFlowId: 'g', iframeSuffix: 'b' },
      }),
    ).not.toThrow();
  });

  it('warns when a contact is given without contactFlowId', () => {
    const warn = vi.fn();
    new AgentApps({ warn }).initApp('customviews', container, 'https://x.test/', {
      customViewsParams: { contact: 'c-1' },
    });
    expect(warn).toHaveBeenCalledWith(
      '[CustomViews]: Need to provide a contactFlowId when defining contact parameter for initalizing customviews application',
    );
  });

  it('when the contact is destroyed: posts lifecycle.terminated, hides the iframe, and stops it after 5000 ms', () => {
    vi.useFakeTimers();
    const sut = new AgentApps();
    const c = contact('c-7');
    sut.initApp('customviews', container, 'https://x.test/', {
      customViewsParams: { contactFlowId: 'f', contact: c },
    });
    const iframe = container.querySelector<HTMLIFrameElement>('iframe')!;
    const post = vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    c.destroy();
    expect(post).toHaveBeenCalledWith({ topic: 'lifecycle.terminated' }, 'https://x.test/');
    expect(iframe.style.display).toBe('none');
    vi.advanceTimersByTime(4999);
    expect(container.querySelector('iframe')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(container.querySelector('iframe')).toBeNull();
    expect(sut.get('customviews')).toBeUndefined();
  });

  it('disableAutoDestroy keeps the view when the contact is destroyed', () => {
    vi.useFakeTimers();
    const c = contact('c-8');
    new AgentApps().initApp('customviews', container, 'https://x.test/', {
      customViewsParams: { contactFlowId: 'f', contact: c, disableAutoDestroy: true },
    });
    c.destroy();
    vi.advanceTimersByTime(10_000);
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('terminating a view whose iframe cannot be found logs a warning', () => {
    const warn = vi.fn();
    new AgentApps({ warn }).terminateCustomView('https://x.test/', 'missing');
    expect(warn).toHaveBeenCalledWith(
      '[CustomViews] terminateCustomView operation failed due to iframe not found',
    );
  });

  it('initApp("ccp") starts the panel through the given initCCP with the endpoint as ccpUrl', () => {
    const initCCP = vi.fn();
    new AgentApps({ initCCP }).initApp('ccp', container, 'https://acme.my.connect.aws/ccp-v2', {
      style: 'height: 1px',
    });
    expect(initCCP).toHaveBeenCalledWith(container, {
      ccpUrl: 'https://acme.my.connect.aws/ccp-v2/',
      style: 'height: 1px',
    });
    expect(container.querySelector('iframe')).toBeNull();
  });
});
