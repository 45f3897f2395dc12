import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopChild } from '../lib/processes';

export interface Nginx {
  origin: string;
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  /** Served at /media/, as the app serves its public media directory. */
  mediaDir: string;
  /** Config, pid file, logs and nginx's temp directories go here. */
  workDir: string;
  /** A URL path that must answer 200 once nginx is up. */
  probePath: string;
}

const START_TIMEOUT_MS = 10_000;

/**
 * Debian's nginx as a static file server over the same files: one worker, sendfile, no access log,
 * the caching headers the app sends, in the foreground (`daemon off`) so it is our child process
 * and dies with the benchmark. `master_process off` makes that one process the worker itself, so a
 * benchmark killed mid-run cannot leave an orphaned worker holding the port.
 */
export async function startNginx(options: StartNginxOptions): Promise<Nginx> {
  const port = await freePort();
  const prefix = join(options.workDir, 'nginx');
  await mkdir(join(prefix, 'logs'), { recursive: true });
  const configPath = join(prefix, 'nginx.conf');
  await writeFile(configPath, nginxConfig({ prefix, port, mediaDir: options.mediaDir }));

  // -e: without it nginx opens the compiled-in /var/log/nginx/error.log before reading our config.
  const child = spawn('nginx', ['-p', prefix, '-c', configPath, '-e', join(prefix, 'logs', 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exitOnQuit = () => child.kill('SIGKILL');
  process.once('exit', exitOnQuit);

  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForOk({ url: origin + options.probePath, child, stderr: () => stderr });
  } catch (error) {
    await stopChild(child);
    process.removeListener('exit', exitOnQuit);
    throw error;
  }
  return {
    origin,
    async stop() {
      await stopChild(child);
      process.removeListener('exit', exitOnQuit);
    },
  };
}

function nginxConfig(input: { prefix: string; port: number; mediaDir: string }): string {
  const { prefix, port, mediaDir } = input;
  return `daemon off;
master_process off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${join(prefix, 'client_body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  types {
    application/vnd.apple.mpegurl m3u8;
    video/iso.segment m4s;
    video/mp4 mp4;
  }
  server {
    listen 127.0.0.1:${port};
    location /media/ {
      alias ${mediaDir}/;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
}
`;
}

async function waitForOk(input: { url: string; child: ChildProcess; stderr: () => string }): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (input.child.exitCode !== null) throw new Error(`nginx exited (${input.child.exitCode}): ${input.stderr().trim()}`);
    try {
      const response = await fetch(input.url);
      await response.arrayBuffer();
      if (response.ok) return;
      throw new Error(`nginx answered ${response.status} for ${input.url}: ${input.stderr().trim()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('nginx answered')) throw error;
      await sleep(50);
    }
  }
  throw new Error(`nginx did not answer within ${START_TIMEOUT_MS} ms: ${input.stderr().trim()}`);
}

/** A port the kernel just handed out and took back: free, barring a race nobody here runs. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
