/**
 * The transfer unit: whether connections are available for transferring a call (checked
 * when the voice system becomes ready), and the transfer itself: the target's endpoint must be in
 * the agent's quick-connect list ('Endpoint to transfer call not found'), then the target joins
 * the call and the state is transferring until the agent exits or finishes.
 */
import type { Endpoint } from '@x/connect-streams/protocol';
import { dialNumberOf } from './call-facts';
import { voiceError } from './errors';
import type { TransferState, TransferTarget } from './types';
import type { UnitContext } from './unit-context';

/** The transfer slice before any check. */
export const INITIAL_TRANSFER_STATE: TransferState = {
  transferring: false,
  available: null,
  target: null,
};

/** The transfer unit. @internal */
export class TransferUnit {
  constructor(private readonly ctx: UnitContext) {}

  private set(patch: Partial<TransferState>): void {
    this.ctx.store.update('transfer', patch);
  }

  /** Checks whether connections are available for transferring a call, and stores the result. */
  async checkAvailability(): Promise<boolean> {
    try {
      const { agents, groups, quickConnects } = await this.ctx.api.getTransfers();
      const available = agents.length > 0 || groups.length > 0 || (quickConnects?.length ?? 0) > 0;
      this.set({ available });
      return available;
    } catch (error) {
      this.set({ available: false });
      this.ctx.report('check transfer availability', error);
      return false;
    }
  }

  /** The agent's quick-connect endpoints (the routing profile's queues). */
  async quickConnects(): Promise<Endpoint[]> {
    const agent = this.ctx.ccp()?.agent;
    if (!agent?.isInitialized()) throw voiceError('noAgentTo', { action: 'transfer' });
    const queues = agent.getRoutingProfile().queues ?? [];
    const arns = queues
      .map((q) => q.queueARN)
      .filter((arn): arn is string => typeof arn === 'string');
    return agent.getEndpoints(arns);
  }

  /**
   * Transfers the call to `target`: its endpointId must be among the agent's quick connects, the
   * state becomes transferring and the target is added to the call.
   */
  async transfer(target: TransferTarget): Promise<void> {
    const contact = this.ctx.contact();
    if (!contact || this.ctx.store.getState().call.status !== 'connected')
      throw voiceError('noContactTo', { action: 'transfer' });
    const endpoints = await this.quickConnects();
    const endpoint = endpoints.find(
      (e) => e.endpointId === target.endpointId || e.endpointARN === target.endpointId,
    );
    if (!endpoint) throw voiceError('endpointNotFound');
    this.set({ transferring: true, target });
    try {
      await contact.addConnection(endpoint);
    } catch (error) {
      this.set({ transferring: false, target: null });
      throw error;
    }
  }

  /**
   * Adds an external number to the call (as the contact centre's own panel does with a number
   * typed in its quick connects: a phone-number endpoint): the call must be connected, the number
   * must be an E.164 number once the separators people write are left out ('Phone number is not
   * valid.'); the state becomes transferring while the third party joins.
   */
  async transferToNumber(phoneNumber: string, name?: string): Promise<void> {
    const contact = this.ctx.contact();
    if (!contact || this.ctx.store.getState().call.status !== 'connected')
      throw voiceError('noContactTo', { action: 'transfer' });
    const number = dialNumberOf(phoneNumber);
    if (!number) throw voiceError('phoneNumberNotValid');
    const target: TransferTarget = { endpointId: number, name: name ?? number };
    this.set({ transferring: true, target });
    try {
      await contact.addConnection({
        type: 'phone_number',
        phoneNumber: number,
        name: name ?? number,
      });
    } catch (error) {
      this.set({ transferring: false, target: null });
      throw error;
    }
  }

  /** Finish resets the transferring flag. */
  reset(): void {
    this.set({ transferring: false, target: null });
  }
}
