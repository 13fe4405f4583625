import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor } from './return-to';

describe('sign-in returns to the link that was asked for', () => {
  it('carries the deep link, query and hash included, and lands on it', () => {
    const login = loginPathFor({ pathname: '/bookings/edit/12', search: '?tab=x', hash: '#receipts' });
    expect(login).toBe('/login?next=%2Fbookings%2Fedit%2F12%3Ftab%3Dx%23receipts');
    expect(afterLoginPath(login.slice(login.indexOf('?')))).toBe('/bookings/edit/12?tab=x#receipts');
  });

  it('goes to Bookings without a link, or for the login page or the root itself', () => {
    expect(afterLoginPath('')).toBe('/bookings');
    expect(loginPathFor({ pathname: '/login' })).toBe('/login');
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
    expect(afterLoginPath('?next=%2Flogin')).toBe('/bookings');
  });

  it('never leaves the app: another host or a scheme goes to Bookings', () => {
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example')).toBe('/bookings');
    expect(afterLoginPath('?next=%2F%2Fevil.example%2Fx')).toBe('/bookings');
    expect(afterLoginPath('?next=%2F%5Cevil.example')).toBe('/bookings');
    expect(afterLoginPath('?next=javascript%3Aalert(1)')).toBe('/bookings');
  });
});
