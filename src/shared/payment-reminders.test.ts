import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  dueReminder,
  type ReminderRule,
  reminderOccurrences,
  reminderWindow,
  ruleText,
  type SentReminder,
} from './payment-reminders';

// Issue #26: '14 and 3 days before the balance (or an instalment) is due, on the day, then every
// 7 days while overdue, at most N times'.
const RULES: ReminderRule[] = [
  { id: 1, kind: 'before', days: 14, repeat_every_days: null, max_times: null, active: true },
  { id: 2, kind: 'before', days: 3, repeat_every_days: null, max_times: null, active: true },
  { id: 3, kind: 'on', days: 0, repeat_every_days: null, max_times: null, active: true },
  { id: 4, kind: 'after', days: 7, repeat_every_days: 7, max_times: 4, active: true },
];
const DUE = '2027-03-01';
const stage = (outstanding = '998.00', due: string | null = DUE) => ({ due, outstanding });

/** Runs the rule every day from `from` for `days` days, remembering what it sends. */
function simulate(rules: ReminderRule[], from: string, days: number, s = stage()) {
  const sent: (SentReminder & { on: string })[] = [];
  for (let i = 0; i < days; i++) {
    const today = addDays(from, i);
    const r = dueReminder({ rules, stage: s, today, sent });
    if (r) sent.push({ rule_id: r.rule_id, occurrence: r.occurrence, on: today });
  }
  return sent;
}

describe('reminder occurrences', () => {
  it('before: once, N days before the due date; on: the due date', () => {
    expect(reminderOccurrences(RULES[0], DUE)).toEqual([{ rule_id: 1, occurrence: 1, date: '2027-02-15' }]);
    expect(reminderOccurrences(RULES[1], DUE)).toEqual([{ rule_id: 2, occurrence: 1, date: '2027-02-26' }]);
    expect(reminderOccurrences(RULES[2], DUE)).toEqual([{ rule_id: 3, occurrence: 1, date: DUE }]);
  });

  it('after: days after, then every K days, at most M times', () => {
    expect(reminderOccurrences(RULES[3], DUE).map((o) => [o.occurrence, o.date])).toEqual([
      [1, '2027-03-08'],
      [2, '2027-03-15'],
      [3, '2027-03-22'],
      [4, '2027-03-29'],
    ]);
  });

  it('after without a repeat, or a repeat without a maximum, goes once', () => {
    expect(reminderOccurrences({ ...RULES[3], repeat_every_days: null }, DUE)).toHaveLength(1);
    expect(reminderOccurrences({ ...RULES[3], repeat_every_days: 0 }, DUE)).toHaveLength(1);
    expect(reminderOccurrences({ ...RULES[3], max_times: null }, DUE)).toHaveLength(1);
  });
});

describe('the reminder due today', () => {
  it('a stage followed every day gets each occurrence on its day, and nothing else', () => {
    expect(simulate(RULES, '2027-01-01', 120)).toEqual([
      { rule_id: 1, occurrence: 1, on: '2027-02-15' },
      { rule_id: 2, occurrence: 1, on: '2027-02-26' },
      { rule_id: 3, occurrence: 1, on: '2027-03-01' },
      { rule_id: 4, occurrence: 1, on: '2027-03-08' },
      { rule_id: 4, occurrence: 2, on: '2027-03-15' },
      { rule_id: 4, occurrence: 3, on: '2027-03-22' },
      { rule_id: 4, occurrence: 4, on: '2027-03-29' },
    ]);
  });

  it('never twice: a sent occurrence is not due again the same or a later day', () => {
    const sent = [{ rule_id: 1, occurrence: 1 }];
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-15', sent })).toBeNull();
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-16', sent })).toBeNull();
  });

  it('nothing for a paid stage, a stage with nothing outstanding or no due date', () => {
    expect(dueReminder({ rules: RULES, stage: stage('0.00'), today: DUE, sent: [] })).toBeNull();
    expect(dueReminder({ rules: RULES, stage: stage('-5.00'), today: DUE, sent: [] })).toBeNull();
    expect(dueReminder({ rules: RULES, stage: stage('998.00', null), today: DUE, sent: [] })).toBeNull();
    expect(simulate(RULES, '2027-01-01', 120, stage('0.00'))).toEqual([]);
  });

  it('inactive rules are left out', () => {
    const rules = RULES.map((r) => (r.id === 2 ? { ...r, active: false } : r));
    expect(simulate(rules, '2027-01-01', 120).map((s) => s.rule_id)).toEqual([1, 3, 4, 4, 4, 4]);
  });

  it('no rules, nothing', () => {
    expect(simulate([], '2027-01-01', 120)).toEqual([]);
  });

  it('a missed day is made up later with the reminder that now applies, within the catch-up days', () => {
    // The run of 15/02 (14 days before) did not happen: 16/02 sends it.
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-16', sent: [] })).toEqual({
      rule_id: 1,
      occurrence: 1,
      date: '2027-02-15',
    });
    // Three days late at most.
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-18', sent: [] })?.rule_id).toBe(1);
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-19', sent: [] })).toBeNull();
    // Missed the 3-days and the on-the-day reminders: only the latest goes.
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-03-02', sent: [] })).toEqual({
      rule_id: 3,
      occurrence: 1,
      date: DUE,
    });
  });

  it('a stage first seen inside the window is not sent the reminders it never had a day for', () => {
    // Booked 10 days before the balance is due: no '14 days before', then the rest on their days.
    expect(simulate(RULES, '2027-02-19', 60).map((s) => [s.rule_id, s.on])).toEqual([
      [2, '2027-02-26'],
      [3, '2027-03-01'],
      [4, '2027-03-08'],
      [4, '2027-03-15'],
      [4, '2027-03-22'],
      [4, '2027-03-29'],
    ]);
  });

  it('a stage paid part-way through stops its reminders', () => {
    const sent: SentReminder[] = [];
    for (let i = 0; i < 60; i++) {
      const today = addDays('2027-02-10', i);
      const outstanding = today >= '2027-03-10' ? '0.00' : '998.00';
      const r = dueReminder({ rules: RULES, stage: stage(outstanding), today, sent });
      if (r) sent.push(r);
    }
    expect(sent.map((s) => [s.rule_id, s.occurrence])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
  });

  it('two rules on one day: the first in sort order goes, the other is not made up', () => {
    const rules: ReminderRule[] = [
      { ...RULES[2], id: 10 },
      { id: 11, kind: 'after', days: 0, repeat_every_days: null, max_times: null, active: true },
    ];
    expect(simulate(rules, '2027-02-20', 20).map((s) => s.rule_id)).toEqual([10]);
  });

  it('a due date that moves is a new stage: its reminders start again', () => {
    const sent = [{ rule_id: 1, occurrence: 1 }];
    // The sent list is per (stage kind, due date): a stage due 08/03 has sent nothing yet.
    expect(
      dueReminder({ rules: RULES, stage: stage('998.00', '2027-03-08'), today: '2027-02-22', sent: [] }),
    ).toEqual({ rule_id: 1, occurrence: 1, date: '2027-02-22' });
    expect(dueReminder({ rules: RULES, stage: stage(), today: '2027-02-22', sent })).toBeNull();
  });
});

describe('the window the run reads', () => {
  it('from the longest after-series (plus catch-up) back to the longest before-lead ahead', () => {
    // after: 7 + 3 × 7 = 28 days, plus 3 catch-up days; before: 14 days.
    expect(reminderWindow(RULES, '2027-03-01')).toEqual({ from: '2027-01-29', until: '2027-03-15' });
    expect(reminderWindow([], '2027-03-01')).toEqual({ from: '2027-02-26', until: '2027-03-01' });
  });
});

describe('rules in words', () => {
  it('reads as the settings screen shows them', () => {
    expect(RULES.map(ruleText)).toEqual([
      '14 days before',
      '3 days before',
      'On the day',
      '7 days after, then every 7 days, 4 times at most',
    ]);
    expect(ruleText({ kind: 'after', days: 1, repeat_every_days: null, max_times: null })).toBe(
      '1 day after',
    );
  });
});
