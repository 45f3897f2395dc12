import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module of deploy/ without type declarations
import { renderNginxConfig } from '../../../deploy/nginx/render.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxInstalled = existsSync(NGINX);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type NginxSiteOptions = { dir: string; port: number; nodes: string[]; extraServer?: string } & ({ privateMediaDir: string } | { bucketOrigin: string });

export interface RunningNginx {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground (daemon off) with deploy/nginx's site config rendered for these nodes,
 * everything it writes kept in `dir`; full-content media from a shared directory or from a bucket.
 * `extraServer` is added to the http block (the bench's direct location, for instance).
 */
export async function startNginx(input: NginxSiteOptions): Promise<RunningNginx> {
  await mkdir(join(input.dir, 'cache'), { recursive: true });
  const site = (renderNginxConfig as (values: Record<string, string>) => string)({
    MARQUEE_LISTEN: `127.0.0.1:${input.port}`,
    MARQUEE_SERVER_NAME: 'localhost',
    MARQUEE_UPSTREAM_SERVERS: input.nodes.map((node) => `server ${node} max_fails=1 fail_timeout=30s;`).join(' '),
    ...('privateMediaDir' in input ? { MARQUEE_PRIVATE_MEDIA_DIR: `${input.privateMediaDir.replace(/\/$/, '')}/` } : { MARQUEE_BUCKET_ORIGIN: input.bucketOrigin }),
    MARQUEE_CACHE_DIR: join(input.dir, 'cache'),
  });
  await writeFile(join(input.dir, 'marquee.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(input.dir, t)};`).join('\n  ');
  await writeFile(
    join(input.dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(input.dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  ${temp}
  include ${join(input.dir, 'marquee.conf')};
  ${input.extraServer ?? ''}
}
`,
  );
  const child = spawn(NGINX, ['-p', input.dir, '-c', join(input.dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${input.port}`;
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
