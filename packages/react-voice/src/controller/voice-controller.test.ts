import { TestPanel } from '@x/connect-streams/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { VoiceController } from './voice-controller';

const controllers: VoiceController[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) c.dispose();
});

describe('readiness', () => {
  it('is ready only when the voice system is ready and the agent status elapsed time is known', async () => {
    const panel = new TestPanel();
    const controller = new VoiceController({
      api: fakeApi(),
      storage: null,
      connect: () => panel.connect(),
    });
    controllers.push(controller);
    await controller.start();
    expect(controller.getState().session.phase).toBe('connecting');
    panel.instance.setAgentState('Available');
    await panel.settle();
    expect(controller.getState().session).toMatchObject({ phase: 'ready', ready: true });
    expect(controller.getState().agent.description).toEqual({ key: 'statusAvailable' });
  });
});
