import { describe, expect, it } from 'vitest';
import { answerMessage } from './notice-mutation';

// Spec 1 §8: a success answer's message is what the green notice says.
describe('answerMessage', () => {
  it('reads the message of a success envelope', () => {
    expect(answerMessage({ success: true, message: 'Deleted.' })).toBe('Deleted.');
  });
  it('answers undefined when there is no message to show', () => {
    expect(answerMessage({ success: true })).toBeUndefined();
    expect(answerMessage({ message: 12 })).toBeUndefined();
    expect(answerMessage(null)).toBeUndefined();
    expect(answerMessage(undefined)).toBeUndefined();
    expect(answerMessage('Saved.')).toBeUndefined();
  });
});
