import { describe, expect, it } from 'vitest';
import { AckFirst } from '../../src/slack/ack-first.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Holds `count` continuations and counts how many have been let go. */
function hold(gate: AckFirst, count: number) {
  let released = 0;
  for (let i = 0; i < count; i++) void gate.afterAcks().then(() => released++);
  return () => released;
}

describe('AckFirst: the work after acks waits for the acks', () => {
  it('lets work go on the next turn when no request waits for its ack', async () => {
    const released = hold(new AckFirst(), 1);
    expect(released()).toBe(0);
    await turn();
    await turn();
    expect(released()).toBe(1);
  });

  it('holds work while a request read is unanswered, and lets it go when that one is answered', async () => {
    const gate = new AckFirst({ maxHoldMs: 10_000 });
    const answered = gate.arrived();
    const released = hold(gate, 3);
    await sleep(30);
    expect(released()).toBe(0);
    answered();
    answered(); // a second call (finish and close) counts once
    expect(gate.unacked).toBe(0);
    await sleep(5);
    expect(released()).toBe(3);
  });

  it('never starves: under requests that are never answered, work goes after maxHoldMs', async () => {
    const gate = new AckFirst({ maxHoldMs: 40 });
    gate.arrived();
    const released = hold(gate, 2);
    await sleep(15);
    expect(released()).toBe(0);
    await sleep(80);
    expect(released()).toBe(2);
  });

  it('lets a few go per turn, so requests that arrive meanwhile are read between them', async () => {
    const gate = new AckFirst({ batch: 4 });
    const released = hold(gate, 10);
    await turn(); // the gate's turn came first (scheduled first)
    expect(released()).toBe(4);
    const answered = gate.arrived(); // a request read between two batches holds the rest
    await sleep(20);
    expect(released()).toBe(4);
    answered();
    await sleep(10);
    expect(released()).toBe(10);
  });

  it('holds work whose wait was told (holdMs) past maxHoldMs, until its own deadline or the last ack', async () => {
    const gate = new AckFirst({ maxHoldMs: 20 });
    const answered = gate.arrived();
    let told = 0;
    void gate.afterAcks(150).then(() => told++);
    const plain = hold(gate, 1);
    await sleep(60);
    expect([plain(), told]).toEqual([1, 0]); // the plain one went at 20 ms; the told one still waits
    await sleep(150);
    expect(told).toBe(1); // its own deadline, though the ack is still pending
    void gate.afterAcks(10_000).then(() => told++);
    answered();
    await sleep(10);
    expect(told).toBe(2); // the last ack lets it go at once
  });

  it('tells the hold a command acked now would get: none alone, else as long as acks have been waiting, up to the most', async () => {
    const gate = new AckFirst({ maxHoldMs: 200 });
    const mine = gate.arrived();
    expect(gate.holdNowMs).toBe(0); // only this request: its work goes at once
    const other = gate.arrived();
    expect(gate.holdNowMs).toBeLessThan(20); // a backlog just begun is acked in moments
    await sleep(60);
    expect(gate.holdNowMs).toBeGreaterThanOrEqual(50); // one that has lasted is taken to last as long again…
    expect(gate.holdNowMs).toBeLessThan(200);
    await sleep(200);
    expect(gate.holdNowMs).toBe(200); // …up to the most a hold lasts
    other();
    mine();
    const again = gate.arrived();
    const another = gate.arrived();
    expect(gate.holdNowMs).toBeLessThan(20); // the backlog ended with the last ack: a new one starts afresh
    another();
    again();
  });

  it('holds work no longer than the hold its estimate counted, though acks still wait', async () => {
    const gate = new AckFirst({ maxHoldMs: 10_000 });
    const answered = gate.arrived();
    let went = 0;
    void gate.afterAcks(40).then(() => went++);
    const plain = hold(gate, 1);
    await sleep(100);
    expect([went, plain()]).toEqual([1, 0]); // the counted 40 ms, not the 10 s most
    answered();
    await sleep(10);
    expect(plain()).toBe(1);
  });

  it('holds work for no time when asked (holdMs 0), though acks wait: its estimate counted no hold', async () => {
    const gate = new AckFirst({ maxHoldMs: 10_000 });
    gate.arrived();
    let went = 0;
    void gate.afterAcks(0).then(() => went++);
    const plain = hold(gate, 1);
    await sleep(20);
    expect([went, plain()]).toEqual([1, 0]);
  });
});
