// How long a contact or connection has been in its current state, by the panel's clock.
import type { CcpContext } from '../context';
import type { StateStamp } from '../wire';

/** Milliseconds in `state`, corrected by the panel's clock skew. */
export function stateDuration(ctx: Pick<CcpContext, 'getData' | 'now'>, state: StateStamp): number {
  const skew = ctx.getData().snapshot.skew ?? 0;
  return ctx.now() - new Date(state.timestamp).getTime() + skew;
}
