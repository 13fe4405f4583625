import { describe, expect, it } from 'vitest';
import { londonDateTime } from '../../../shared/dates';
import { Turns } from '../../lib/turns';

describe('report turns (at most N reports read at once)', () => {
  it('lets N run, queues the rest in order and hands each freed turn to the next', async () => {
    const turns = new Turns(2);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = async (name: string) => {
      await turns.take();
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      log.push(`end ${name}`);
      turns.give();
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(work));
    expect(most).toBe(2);
    expect(log.filter((l) => l.startsWith('start'))).toEqual([
      'start a',
      'start b',
      'start c',
      'start d',
      'start e',
    ]);
    expect(turns.full).toBe(false);
  });
});

describe('londonDateTime', () => {
  it('gives London wall-clock time (BST in summer, GMT in winter)', () => {
    expect(londonDateTime(new Date('2026-07-01T11:05:00Z'))).toBe('01/07/2026 12:05');
    expect(londonDateTime(new Date('2026-12-01T11:05:00Z'))).toBe('01/12/2026 11:05');
  });
});
