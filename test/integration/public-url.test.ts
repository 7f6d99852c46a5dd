import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listeningUrl, loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { clonePgDatabase, testDatabaseUrl } from '../helpers/db-template';
import { lastMailTo, signupUser } from '../../server/domains/auth/auth.test-helpers';

/** Issue 15: with only PORT set, links and the start-up log use that port, not 3000. */
describe('PUBLIC_URL follows the listening port when it is not set', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('defaults to the port and keeps an explicit PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4123', PUBLIC_URL: 'https://shop.example.in' }).PUBLIC_URL).toBe('https://shop.example.in');
    expect(listeningUrl('0.0.0.0', 4123)).toBe('http://localhost:4123');
    expect(listeningUrl('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
  });

  it('puts the listening port in the password reset e-mail link', async () => {
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '4123', JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', SERVE_CLIENT: 'false', RUN_JOBS: 'false' };
    t = await createTestApp({ config: loadConfig(env) });
    const { input } = await signupUser(t);
    const res = await t.request({ method: 'POST', url: '/api/auth/reset-password', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: input.email }) });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo(t, input.email as string);
    expect(mail?.text).toMatch(/http:\/\/localhost:4123\/reset-password\?token=/);
    expect(mail?.text).not.toMatch(/localhost:3000/);
  });

  // A limit on a hang, not a wait: tsx compiles the whole server in the child, which took over 25 s
  // while the machine ran four other test suites.
  it('logs the real address at start-up (PORT only, no PUBLIC_URL)', { timeout: 120_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    // A database of its own (a clone of the run's template), never the server's shared one.
    const base = testDatabaseUrl();
    const template = inject('pgTemplate');
    if (!base || !template) return; // the embedded database would need its own data folder and a slow first boot
    const clone = await clonePgDatabase(base, template, inject('runId'));
    const databaseUrl = clone.url;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PUBLIC_URL: '', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, RUN_JOBS: 'false', SERVE_CLIENT: 'false', LOG_LEVEL: 'info', JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start-up line: ${out}`)), 100_000);
        const on = (b: Buffer) => {
          out += b.toString();
          if (/is open at/.test(out)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', on);
        child.stderr.on('data', on);
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toContain(`Hydro Shakes is open at http://localhost:${port} `);
      expect(out).not.toContain('localhost:3000');
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await clone.drop();
    }
  });
});
