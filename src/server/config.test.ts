import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration (DESIGN.md §6)', () => {
  it('defaults to port 3000, ./data and demo data on the embedded database', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.seedDemo).toBe(true);
  });

  it('loads demo data on a PostgreSQL server only when SEED=demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED: 'demo' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED: 'none' }).seedDemo).toBe(false);
  });

  it('takes S3_URL as s3://bucket/prefix and refuses anything else at start-up', () => {
    expect(loadConfig({ S3_URL: 's3://office/tours?region=eu-west-2' }).S3_URL).toBe(
      's3://office/tours?region=eu-west-2',
    );
    expect(() => loadConfig({ S3_URL: 'https://office.s3.amazonaws.com' })).toThrow(/S3_URL: .*s3:\/\//);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED: 'lots' })).toThrow(/PORT[\s\S]*SEED|SEED[\s\S]*PORT/);
  });

  it('resolves the public base URL once: APP_URL without its trailing slash, else http://localhost:PORT', () => {
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4123' }).appUrl).toBe('http://localhost:4123');
    expect(loadConfig({ APP_URL: 'https://office.example.co.uk/' }).appUrl).toBe(
      'https://office.example.co.uk',
    );
    expect(() => loadConfig({ APP_URL: 'javascript:alert(1)' })).toThrow(/APP_URL/);
  });

  it('refuses to start in production without APP_URL, saying so', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      'APP_URL: APP_URL must be set when APP_ENV=production',
    );
    // Listed together with any other problem.
    expect(() => loadConfig({ APP_ENV: 'production', PORT: 'abc' })).toThrow(
      /PORT[\s\S]*APP_URL|APP_URL[\s\S]*PORT/,
    );
    const c = loadConfig({ APP_ENV: 'production', APP_URL: 'https://office.example.co.uk' });
    expect(c.appUrl).toBe('https://office.example.co.uk');
    // Other environments keep the local default.
    expect(loadConfig({ APP_ENV: 'staging' }).appUrl).toBe('http://localhost:3000');
  });

  it('trusts no proxy by default; TRUST_PROXY names proxies by address or CIDR range', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    // A hop count or 'true' would let a client that reaches the server directly choose its address.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: not a proxy address or CIDR range: 'true'/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('applies the password rule to ADMIN_PASSWORD and has the session and throttle defaults', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short-pass' })).toThrow(
      'ADMIN_PASSWORD: The password must be at least 12 characters.',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1234' })).toThrow(
      'ADMIN_PASSWORD: This password is too common. Choose another.',
    );
    const c = loadConfig({ ADMIN_PASSWORD: 'a long secret phrase' });
    expect(c).toMatchObject({
      SESSION_IDLE_MINUTES: 60,
      LOGIN_MAX_FAILURES: 5,
      LOGIN_MAX_FAILURES_PER_IP: 20,
    });
  });
});
