import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';

export type Cell = string | number;

/** Prints rows as an aligned plain-text table: numbers right-aligned, text left-aligned. */
export function printTable({ title, header, rows }: { title: string; header: string[]; rows: Cell[][] }): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const line = (cells: Cell[]) =>
    cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Where and on what the numbers were taken: ratios travel between machines, raw figures do not. */
export function machineInfo() {
  return { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', platform: process.platform, loadAverage: loadAverage() };
}

/** The 1, 5 and 15 minute load averages: on a shared machine, what the figures were taken under. */
export function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(1)).join(' / ');
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}
