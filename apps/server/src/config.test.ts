import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it("applies design.md's defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seed: 'demo',
      pharmacyEmailDomain: 'pharmacy.test',
      sessionIdleMinutes: 130,
      sessionMaxHours: 12,
      passwordMinLength: 8,
      uploadMaxBytes: 25 * 1024 * 1024,
      folderZipMaxBytes: 500 * 1024 * 1024,
      databaseUrl: undefined,
      idleTimeoutSeconds: 7200,
      idleCountdownSeconds: 600,
      formsBaseUrl: 'https://forms-service.example',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('lists every bad variable by name in one error', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_IDLE_MINUTES: '-3',
        SECRET_KEY: 'short',
      });
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SESSION_IDLE_MINUTES', 'SECRET_KEY'])
        expect(message).toContain(name);
    }
  });

  it('refuses SEED=demo in production and seeds nothing there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(/SEED: demo is refused/);
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
  });

  it('draws pages in the cores less one (1 to 4), or in as many threads as RENDER_THREADS says, 0 too', () => {
    expect(loadConfig({}).renderThreads).toBe(Math.max(1, Math.min(4, availableParallelism() - 1)));
    expect(loadConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(() => loadConfig({ RENDER_THREADS: '-1' })).toThrow(/RENDER_THREADS/);
    expect(() => loadConfig({ RENDER_THREADS: 'many' })).toThrow(/RENDER_THREADS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });
});
