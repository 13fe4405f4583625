import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { isStatusFalse, quietWhenStatusFalse, wasStatusFalse } from './section-kit';

// Spec 1 §8: 'Passenger actions and special request show nothing when status is false'.
describe('quietWhenStatusFalse', () => {
  it('passes a success answer through', async () => {
    await expect(quietWhenStatusFalse(Promise.resolve({ status: true, message: 'ok' }))).resolves.toEqual({
      status: true,
      message: 'ok',
    });
  });
  it('turns a 200 `status: false` answer into a quiet result with its field errors', async () => {
    const err = new ApiError(
      'nope',
      200,
      { first_name: ['First name is required.', 'x'] },
      { status: false },
    );
    expect(isStatusFalse(err)).toBe(true);
    const answer = await quietWhenStatusFalse(Promise.reject(err));
    expect(wasStatusFalse(answer)).toBe(true);
    expect(answer).toEqual({ statusFalse: true, fieldErrors: { first_name: 'First name is required.' } });
  });
  it('still throws HTTP failures (422, 409) so their message shows', async () => {
    const err = new ApiError('Someone else has changed this booking', 409, {}, { success: false });
    expect(isStatusFalse(err)).toBe(false);
    await expect(quietWhenStatusFalse(Promise.reject(err))).rejects.toBe(err);
  });
});
