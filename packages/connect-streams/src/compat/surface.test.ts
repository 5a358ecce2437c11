import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealConnect } from '../../test/real-streams';
import { TestPanel } from '../testing';
import { createConnect } from './create-connect';

// The public surface of amazon-connect-streams 2.18.7 is what its index.d.ts declares in
// `declare namespace connect`. Every declared value (function, const, enum, class) must be on our
// `connect`, with every member, unless it is in OMITTED below (each omission is explained in the
// migration guide). A name the d.ts declares but the real 2.18.7 runtime does not have is not
// required (NOT_IN_RUNTIME pins that list, so the check stays honest).

const require = createRequire(import.meta.url);
const dtsPath = require.resolve('amazon-connect-streams/src/index.d.ts');
const real = loadRealConnect('amazon-connect-streams') as Record<string, unknown>;

/** Names we deliberately leave out (migration guide, "Names not carried over"). */
const OMITTED = new Set([
  // Transport internals of the real library; the typed core has its own conduit and streams.
  'connect.Stream',
  'connect.NullStream',
  'connect.WindowStream',
  'connect.WindowIOStream',
  'connect.PortStream',
  'connect.StreamMultiplexer',
  'connect.Conduit',
  'connect.IFrameConduit',
  'connect.GRProxyIframeConduit',
  // The d.ts types getWebSocketManager() with a chat-transport interface that the 2.18 runtime
  // never returns; ours returns what the runtime returns (subscribeTopics, onMessage, …).
  'connect.WebSocketManager.connect',
  'connect.WebSocketManager.disconnect',
  'connect.WebSocketManager.send',
  'connect.WebSocketManager.onOpen',
  'connect.WebSocketManager.onClose',
  'connect.WebSocketManager.onError',
]);

/** Declared in index.d.ts, absent from the 2.18.7 runtime (so a 2.18 integration cannot use them). */
const NOT_IN_RUNTIME = [
  'connect.ReferenceType',
  'connect.VDIPlatformType',
  'connect.ContactEvents.PAUSED',
  'connect.EventType.API_PROXY',
  'connect.Agent.createTask',
  'connect.VoiceConnection.deleteVoiceIdSpeakerId',
];

interface Declared {
  /** `connect.X` or `connect.X.member`. */
  name: string;
  kind: 'value' | 'enum' | 'class' | 'member' | 'property';
}

/** Interfaces whose members are reached through a declared value (`const core: Core`, …). */
const INTERFACE_OWNERS: Record<string, string> = {
  Core: 'core',
  GlobalResiliency: 'globalResiliency',
  AgentApp: 'agentApp',
  AppRegistry: 'agentApp.AppRegistry',
  StorageAccess: 'storageAccess',
  Logger: 'getLog()',
  LogEntry: 'getLog().info()',
  EventBus: 'core.getEventBus()',
  WebSocketManager: 'core.getWebSocketManager()',
};

function declaredSurface(): Declared[] {
  const source = ts.createSourceFile(
    dtsPath,
    readFileSync(dtsPath, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const out: Declared[] = [];
  const ns = source.statements.find(
    (s): s is ts.ModuleDeclaration => ts.isModuleDeclaration(s) && s.name.text === 'connect',
  );
  const body = ns?.body;
  if (!body || !ts.isModuleBlock(body)) throw new Error('no `declare namespace connect` in d.ts');
  const members = (node: ts.ClassDeclaration | ts.InterfaceDeclaration | ts.EnumDeclaration) =>
    new Set(
      (node.members as ts.NodeArray<ts.ClassElement | ts.TypeElement | ts.EnumMember>)
        .filter((m) => !(ts.isConstructorDeclaration(m) || ts.isIndexSignatureDeclaration(m)))
        .map((m) => m.name?.getText())
        .filter((n): n is string => !!n),
    );
  for (const st of body.statements) {
    if (ts.isFunctionDeclaration(st) && st.name) {
      out.push({ name: `connect.${st.name.text}`, kind: 'value' });
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        out.push({ name: `connect.${d.name.getText()}`, kind: 'value' });
    } else if (ts.isEnumDeclaration(st)) {
      out.push({ name: `connect.${st.name.text}`, kind: 'enum' });
      for (const m of members(st))
        out.push({ name: `connect.${st.name.text}.${m}`, kind: 'member' });
    } else if (ts.isClassDeclaration(st) && st.name) {
      out.push({ name: `connect.${st.name.text}`, kind: 'class' });
      for (const m of members(st)) {
        const property = st.members.some(
          (el) => ts.isPropertyDeclaration(el) && el.name.getText() === m,
        );
        out.push({ name: `connect.${st.name.text}.${m}`, kind: property ? 'property' : 'member' });
      }
    } else if (ts.isInterfaceDeclaration(st) && st.name.text in INTERFACE_OWNERS) {
      for (const m of members(st))
        out.push({ name: `connect.${st.name.text}.${m}`, kind: 'member' });
    }
  }
  return out;
}

const surface = declaredSurface();

let panel: TestPanel;
const connect = createConnect({
  initCCP: (_c, params) => {
    panel = new TestPanel();
    return panel.connect(params);
  },
});
afterEach(() => connect.core.terminate());

type Bag = Record<string, unknown>;

/** Our object that owns the members of the declared `owner` (an enum, class or interface). */
function ours(owner: string): Bag | undefined {
  const c = connect as unknown as Bag;
  switch (INTERFACE_OWNERS[owner]) {
    case 'core':
      return c['core'] as Bag;
    case 'globalResiliency':
      return c['globalResiliency'] as Bag;
    case 'agentApp':
      return c['agentApp'] as Bag;
    case 'agentApp.AppRegistry':
      return (c['agentApp'] as Bag | undefined)?.['AppRegistry'] as Bag | undefined;
    case 'storageAccess':
      return c['storageAccess'] as Bag;
    case 'getLog()':
      return connect.getLog() as unknown as Bag;
    case 'getLog().info()':
      return connect.getLog().info('surface') as unknown as Bag;
    case 'core.getEventBus()':
      return connect.core.getEventBus() as unknown as Bag;
    case 'core.getWebSocketManager()':
      connect.core.initCCP({} as HTMLElement, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
      return connect.core.getWebSocketManager() as unknown as Bag;
    default:
      return c[owner] as Bag | undefined;
  }
}

/** Whether `name` is a member of `target`: own or inherited, static, or on the prototype. */
function hasMember(target: unknown, name: string): boolean {
  if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return false;
  if (name in target) return true;
  const proto = (target as { prototype?: object }).prototype;
  if (proto && name in proto) return true;
  // Instance fields (contactId, endpointARN, …) exist on instances only.
  if (typeof target === 'function') {
    try {
      const instance = new (target as new (...args: unknown[]) => object)('c-1', 'conn-1');
      return name in instance;
    } catch {
      return false;
    }
  }
  return false;
}

function inRealRuntime(name: string): boolean {
  const [, owner, member] = name.split('.') as [string, string, string | undefined];
  const realOwner: unknown =
    owner in INTERFACE_OWNERS && owner !== 'WebSocketManager'
      ? (
          {
            Core: real['core'],
            GlobalResiliency: real['globalResiliency'],
            AgentApp: real['agentApp'],
            AppRegistry: (real['agentApp'] as Bag | undefined)?.['AppRegistry'],
            StorageAccess: real['storageAccess'],
            Logger: (real['getLog'] as () => unknown)(),
            LogEntry: (real['LogEntry'] as { prototype: object }).prototype,
            EventBus: real['EventBus'],
          } as Bag
        )[owner]
      : real[owner];
  if (member === undefined) return realOwner !== undefined;
  return hasMember(realOwner, member);
}

describe('compat public surface = the names amazon-connect-streams 2.18.7 declares (index.d.ts)', () => {
  it('reads a non-trivial surface from the real d.ts', () => {
    expect(surface.length).toBeGreaterThan(400);
    expect(surface.map((d) => d.name)).toContain('connect.VoiceConnection.getVoiceIdSpeakerId');
  });

  it('names the d.ts declares but the real 2.18.7 runtime lacks are exactly the pinned list', () => {
    const missing = surface
      .filter((d) => !OMITTED.has(d.name) && !d.name.startsWith('connect.WebSocketManager.'))
      // Instance fields are set by constructors that need a live panel; ours are checked below.
      .filter((d) => d.kind !== 'property' && !memberOfPinned(d.name))
      .filter((d) => !inRealRuntime(d.name))
      .map((d) => d.name);
    expect(missing.sort()).toEqual([...NOT_IN_RUNTIME].sort());
  });

  it('every declared name of the 2.18.7 runtime is on our connect, except the documented omissions', () => {
    const required = surface.filter(
      (d) =>
        !OMITTED.has(d.name) &&
        !NOT_IN_RUNTIME.includes(d.name) &&
        !memberOfPinned(d.name) &&
        !OMITTED.has(ownerOf(d.name)),
    );
    const missing = required
      .filter((d) => {
        const [, owner, member] = d.name.split('.') as [string, string, string | undefined];
        return member === undefined
          ? (connect as unknown as Bag)[owner] === undefined
          : !hasMember(ours(owner), member);
      })
      .map((d) => d.name);
    expect(missing).toEqual([]);
  });

  it('the migration guide names every declared 2.18.7 value and member (or lists it as omitted)', () => {
    const guide = readFileSync(
      new URL('../../../../docs/guides/migrating-from-amazon-connect-streams.md', import.meta.url),
      'utf8',
    );
    const words = new Set(guide.match(/[A-Za-z_$][\w$]*/g));
    const unnamed = surface
      // Enum keys are listed with their enum; omitted classes by name (their members go with them).
      .filter(
        (d) =>
          d.kind === 'enum' || d.kind === 'class' || d.kind === 'value' || !isEnumMember(d.name),
      )
      .filter((d) => !(d.name.split('.').length > 2 && OMITTED.has(ownerOf(d.name))))
      .filter((d) => !words.has(d.name.split('.').pop()!))
      .map((d) => d.name);
    expect(unnamed).toEqual([]);
  });

  it("every enum's 2.18.7 keys carry the real values", () => {
    const mismatched: string[] = [];
    for (const d of surface.filter((s) => s.kind === 'enum' && !NOT_IN_RUNTIME.includes(s.name))) {
      const name = d.name.slice('connect.'.length);
      const theirs = real[name] as Record<string, unknown>;
      const mine = (connect as unknown as Bag)[name] as Record<string, unknown>;
      for (const [key, value] of Object.entries(theirs)) {
        if (mine[key] !== value) mismatched.push(`${name}.${key}`);
      }
    }
    expect(mismatched).toEqual([]);
  });
});

/** Whether `name` is a key of a declared enum (the guide lists the enums, not every key). */
function isEnumMember(name: string): boolean {
  return surface.some((d) => d.kind === 'enum' && d.name === ownerOf(name));
}

/** Whether `name` is a member of a pinned (runtime-less) owner. */
function memberOfPinned(name: string): boolean {
  return name.split('.').length > 2 && NOT_IN_RUNTIME.includes(ownerOf(name));
}

/** `connect.X` of `connect.X.member`. */
function ownerOf(name: string): string {
  return name.split('.').slice(0, 2).join('.');
}
