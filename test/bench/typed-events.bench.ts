// The typed event maps of every package sit on eventemitter3 (STYLE.md). This checks that choice
// against Node's built-in EventEmitter: 10 handlers per event, 100,000 emits.
import { EventEmitter as NodeEventEmitter } from 'node:events';
import { EventEmitter } from 'eventemitter3';
import { report, throughput } from './harness';

interface Events {
  update: [snapshot: { seq: number }];
}

const HANDLERS = 10;
const EMITS = 100_000;
let sink = 0;

const ours = new EventEmitter<Events>();
const reference = new NodeEventEmitter();
reference.setMaxListeners(HANDLERS + 1);
for (let i = 0; i < HANDLERS; i++) {
  ours.on('update', (s) => (sink += s.seq));
  reference.on('update', (s: { seq: number }) => (sink += s.seq));
}

const payload = { seq: 1 };
const oursRate = throughput(() => {
  for (let i = 0; i < EMITS; i++) ours.emit('update', payload);
}, EMITS);
const referenceRate = throughput(() => {
  for (let i = 0; i < EMITS; i++) reference.emit('update', payload);
}, EMITS);

report({
  name: `emit to ${HANDLERS} handlers (eventemitter3 vs node:events)`,
  unit: 'emits/s',
  ours: oursRate,
  reference: referenceRate,
  referenceName: 'node:events',
  higherIsBetter: true,
});
if (sink === 0) throw new Error('handlers did not run');
