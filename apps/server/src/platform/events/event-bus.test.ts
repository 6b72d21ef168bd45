/** The live-event bus delivers a space's events to that space's subscribers only, until they unsubscribe. */
import { describe, expect, it } from 'vitest';
import { createEventBus, type SpaceEvent } from './event-bus.js';

describe('event bus', () => {
  it('delivers per space, isolates a failing listener, and stops after unsubscribe', () => {
    const bus = createEventBus();
    const a: SpaceEvent[] = [];
    const b: SpaceEvent[] = [];
    const stopA = bus.subscribe('A', (e) => a.push(e));
    bus.subscribe('A', () => {
      throw new Error('broken socket');
    });
    bus.subscribe('B', (e) => b.push(e));
    bus.publish('A', { name: 'alert', data: { n: 1 } });
    expect(a).toEqual([{ name: 'alert', data: { n: 1 } }]);
    expect(b).toEqual([]);
    stopA();
    bus.publish('A', { name: 'alert', data: { n: 2 } });
    expect(a).toHaveLength(1);
  });
});
