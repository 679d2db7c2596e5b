import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('has Unleash-like defaults', () => {
    expect(parseConfig({})).toEqual({
      port: 4242,
      host: '0.0.0.0',
      baseUriPath: '',
      unleashUrl: 'http://localhost:4242',
      databaseUrl: undefined,
      dataDir: './data',
      authType: 'password',
      defaultAdmin: { username: 'admin', password: undefined },
      initAdminApiTokens: [],
      initClientApiTokens: [],
      loginBackoffSeconds: 60,
      trustProxy: false,
      consoleDir: undefined,
      email: undefined,
      addonDelivery: { timeoutMs: 10_000, retryMs: 5000, maxAttempts: 10, pollMs: 5000 },
      streaming: { maxConnections: 1000, heartbeatMs: 30_000 },
      pushServices: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ],
    });
  });

  it('reads the push services (PUSH_SERVICES), refusing anything but host names', () => {
    expect(parseConfig({ PUSH_SERVICES: 'Push.Example.com, *.push.example.org' }).pushServices).toEqual([
      'push.example.com',
      '*.push.example.org',
    ]);
    for (const bad of ['https://push.example.com', '*', 'push.example.com/x', 'localhost']) {
      expect(() => parseConfig({ PUSH_SERVICES: bad }), bad).toThrow(
        `PUSH_SERVICES must be comma-separated host names (*.example.com for its subdomains), got "${bad}"`,
      );
    }
  });

  it('reads the streaming settings (STREAMING_*), refusing a heartbeat the SDKs would time out before', () => {
    const env = { STREAMING_MAX_CONNECTIONS: '0', STREAMING_HEARTBEAT_MS: '250' };
    expect(parseConfig(env).streaming).toEqual({ maxConnections: 0, heartbeatMs: 250 });
    expect(() => parseConfig({ STREAMING_HEARTBEAT_MS: '60000' })).toThrow(
      new ConfigError('STREAMING_HEARTBEAT_MS must be a whole number from 10 to 55000, got "60000"'),
    );
  });

  it('reads the addon delivery settings (ADDON_*), refusing a value out of range', () => {
    const env = { ADDON_TIMEOUT_MS: '2000', ADDON_RETRY_MS: '50', ADDON_MAX_ATTEMPTS: '3', ADDON_POLL_MS: '250' };
    expect(parseConfig(env).addonDelivery).toEqual({ timeoutMs: 2000, retryMs: 50, maxAttempts: 3, pollMs: 250 });
    expect(() => parseConfig({ ADDON_MAX_ATTEMPTS: '0' })).toThrow(
      'ADDON_MAX_ATTEMPTS must be a whole number from 1 to 100, got "0"',
    );
    expect(() => parseConfig({ ADDON_TIMEOUT_MS: '1.5' })).toThrow(ConfigError);
  });

  it('reads the SMTP settings (EMAIL_*) when EMAIL_HOST is set, refusing a bad port, flag or sender', () => {
    expect(parseConfig({ EMAIL_HOST: 'smtp.example.com', UNLEASH_URL: 'https://yard.example.com/x' }).email).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
      sender: 'noreply@yard.example.com',
    });
    const env = { EMAIL_HOST: 'h', EMAIL_PORT: '465', EMAIL_SECURE: 'TRUE', EMAIL_USER: 'u', EMAIL_PASSWORD: ' p ' };
    expect(parseConfig({ ...env, EMAIL_SENDER: 'yard@example.com' }).email).toEqual({
      host: 'h',
      port: 465,
      secure: true,
      user: 'u',
      password: ' p ',
      sender: 'yard@example.com',
    });
    expect(() => parseConfig({ EMAIL_HOST: 'h', EMAIL_PORT: '0' })).toThrow(
      new ConfigError('EMAIL_PORT must be a whole number from 1 to 65535, got "0"'),
    );
    expect(() => parseConfig({ EMAIL_HOST: 'h', EMAIL_SECURE: 'yes' })).toThrow(
      new ConfigError('EMAIL_SECURE must be true or false, got "yes"'),
    );
    expect(() => parseConfig({ EMAIL_HOST: 'h', EMAIL_SENDER: 'nobody' })).toThrow(ConfigError);
    expect(parseConfig({ EMAIL_PORT: 'nonsense' }).email).toBeUndefined();
  });

  it('takes CONSOLE_DIR only when it is a folder', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    expect(parseConfig({ CONSOLE_DIR: folder }).consoleDir).toBe(folder);
    expect(() => parseConfig({ CONSOLE_DIR: '/nonexistent-console' })).toThrow(
      new ConfigError('CONSOLE_DIR must be a folder holding a built console, got "/nonexistent-console"'),
    );
    expect(() => parseConfig({ CONSOLE_DIR: fileURLToPath(import.meta.url) })).toThrow(ConfigError);
  });

  it('parses TRUST_PROXY: true, false, or proxy addresses and ranges', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: ' FALSE ' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('normalises BASE_URI_PATH to a leading slash and no trailing slash', () => {
    for (const [input, expected] of [
      ['/', ''],
      ['yard', '/yard'],
      ['/yard/', '/yard'],
      ['//a/b//', '/a/b'],
    ]) {
      expect(parseConfig({ BASE_URI_PATH: input }).baseUriPath).toBe(expected);
    }
    expect(parseConfig({ BASE_URI_PATH: '/yard', PORT: '80' }).unleashUrl).toBe('http://localhost:80/yard');
  });

  it('parses init tokens', () => {
    const config = parseConfig({
      INIT_ADMIN_API_TOKENS: '*:*.aaaaaaaaaaaaaaaaaaaa, *:*.bbbbbbbbbbbbbbbbbbbb',
      INIT_CLIENT_API_TOKENS: 'default:development.cccccccccccccccccccc',
    });
    expect(config.initAdminApiTokens.map((t) => t.secret)).toEqual([
      '*:*.aaaaaaaaaaaaaaaaaaaa',
      '*:*.bbbbbbbbbbbbbbbbbbbb',
    ]);
    expect(config.initClientApiTokens).toEqual([
      { secret: 'default:development.cccccccccccccccccccc', project: 'default', environment: 'development' },
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ AUTH_TYPE: 'ldap' }, /AUTH_TYPE must be one of password, demo, none/],
    [{ BASE_URI_PATH: '/a b' }, /BASE_URI_PATH/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ UNLEASH_DEFAULT_ADMIN_PASSWORD: 'unleash4all' }, /UNLEASH_DEFAULT_ADMIN_PASSWORD is too weak/],
    [{ INIT_ADMIN_API_TOKENS: 'default:*.aaaaaaaaaaaaaaaaaaaa' }, /must start with "\*:\*\."/],
    [{ INIT_CLIENT_API_TOKENS: 'nonsense' }, /INIT_CLIENT_API_TOKENS/],
    [{ UNLEASH_URL: 'ftp://x' }, /UNLEASH_URL/],
    [{ LOGIN_BACKOFF_SECONDS: '0' }, /LOGIN_BACKOFF_SECONDS/],
    [{ UNLEASH_URL: 'http://[' }, /UNLEASH_URL/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true, false, or comma-separated addresses/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /TRUST_PROXY/],
  ])('refuses %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe('server/main.ts with an invalid configuration', () => {
  it('prints one clear line on stderr and exits with code 1', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, AUTH_TYPE: 'ldap', DATA_DIR: '/nonexistent-never-created' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Switchyard cannot start: AUTH_TYPE must be one of password, demo, none; got "ldap"',
    ]);
  });
});
