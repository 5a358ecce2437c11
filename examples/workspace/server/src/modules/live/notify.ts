// Live events across server processes on one PostgreSQL: each process LISTENs on one channel
// and publishes with NOTIFY, so a change made by any process reaches every process's streams.
import type { Logger } from 'pino';
import type { LiveBus, LiveEvent, RevokedEvent } from './bus';

export const LIVE_CHANNEL = 'workspace_live';

/** Relays the bus through PostgreSQL; answers the function that stops it. */
export async function relayThroughPostgres(
  bus: LiveBus,
  url: string,
  log: Logger,
): Promise<() => Promise<void>> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  let open = true;
  client.on('notification', (message) => {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    try {
      bus.deliver(JSON.parse(message.payload) as LiveEvent | RevokedEvent);
    } catch {
      log.warn('live relay: unreadable notification');
    }
  });
  client.on('error', (error) => {
    // The connection is gone: deliver locally from now on rather than lose events.
    log.warn({ message: error.message }, 'live relay lost its connection');
    open = false;
    bus.setRelay(undefined);
  });
  // One connection, one query at a time: notifications are sent in publication order.
  let queue: Promise<unknown> = Promise.resolve();
  bus.setRelay((event) => {
    if (!open) return bus.deliver(event);
    queue = queue.then(() =>
      client
        .query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)])
        .catch(() => bus.deliver(event)),
    );
  });
  return async () => {
    bus.setRelay(undefined);
    await queue;
    if (!open) return;
    open = false;
    await client.end().catch(() => undefined);
  };
}
