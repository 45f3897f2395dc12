import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageVideo } from '@marquee/server/src/transcoding/package-hls';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
import { benchMediaTools, ffmpegLabel, makeSourceClip } from './streaming-media';

export interface TranscodeOptions {
  clipSeconds: number;
  rounds: number;
}

export const DEFAULT_TRANSCODE: TranscodeOptions = { clipSeconds: 60, rounds: 3 };

interface Round {
  wallSeconds: number;
  cpuSeconds: number;
}

/**
 * packageVideo (probe, the whole HLS ladder in one ffmpeg, poster, seek thumbnails) on a generated
 * 720p source, as ingest runs it. The baseline is the source's own duration: `× real time` is
 * seconds of work per second of video. CPU seconds count ffmpeg's and ffprobe's (the children's,
 * from /proc) plus this process's own (sharp), so they hold when other work shares the cores.
 */
export async function runTranscodeBenchmark(options: TranscodeOptions) {
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-transcode-'));
  try {
    const tools = await benchMediaTools();
    console.log(`\n[transcode] ${ffmpegLabel(tools)}: a ${options.clipSeconds} s 720p source...`);
    const source = join(workDir, 'source.mp4');
    await makeSourceClip(tools, { output: source, durationSeconds: options.clipSeconds });

    const rounds: Round[] = [];
    let ladder = '';
    let durationSeconds = options.clipSeconds;
    for (let i = 0; i < options.rounds; i += 1) {
      const outputDir = join(workDir, `out-${i}`);
      const cpuBefore = cpuSeconds();
      const started = performance.now();
      const packaged = await packageVideo(tools, { input: source, outputDir });
      const wallSeconds = (performance.now() - started) / 1000;
      const round: Round = { wallSeconds, cpuSeconds: cpuSeconds() - cpuBefore };
      rounds.push(round);
      ladder = packaged.renditions.map((r) => r.name).join('/');
      durationSeconds = packaged.durationSeconds;
      await rm(outputDir, { recursive: true, force: true });
      console.log(`  round ${i + 1}/${options.rounds}: ${wallSeconds.toFixed(1)} s wall, ${round.cpuSeconds.toFixed(1)} s CPU, load ${loadavg()[0]!.toFixed(2)}`);
    }
    return report({ rounds, durationSeconds, ladder, ffmpeg: ffmpegLabel(tools), options });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * This process's CPU time plus that of its finished children: fields 14–17 of /proc/self/stat
 * (utime, stime, cutime, cstime) in clock ticks. A child's time is added once it has been waited
 * for, which runTool has done by the time it resolves. Linux ticks are 100 per second (USER_HZ).
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100;
}

function report(input: { rounds: Round[]; durationSeconds: number; ladder: string; ffmpeg: string; options: TranscodeOptions }) {
  const { rounds, durationSeconds } = input;
  const wall = median(rounds.map((r) => r.wallSeconds));
  const cpu = median(rounds.map((r) => r.cpuSeconds));
  const realTimeRatio = round(wall / durationSeconds, 3);
  const cpuPerMinute = round((cpu / durationSeconds) * 60, 1);
  printTable({
    title: `Transcode: packageVideo, ${round(durationSeconds, 1)} s 1280×720 source → ${input.ladder}, ${input.ffmpeg}, ` +
      `${rounds.length} rounds (medians)`,
    header: ['wall s', 'CPU s', '× real time', 'wall s / source min', 'CPU s / source min', 'cores busy'],
    rows: [[round(wall, 1), round(cpu, 1), formatRatio(realTimeRatio), round((wall / durationSeconds) * 60, 1), cpuPerMinute, round(cpu / wall, 2)]],
  });
  const summary = [`transcode wall / real time: ${formatRatio(realTimeRatio)} (${cpuPerMinute} CPU s per source minute)`];
  return {
    ffmpeg: input.ffmpeg,
    ladder: input.ladder,
    sourceSeconds: durationSeconds,
    rounds: rounds.map((r) => ({ wallSeconds: round(r.wallSeconds, 2), cpuSeconds: round(r.cpuSeconds, 2) })),
    medianWallSeconds: round(wall, 2),
    medianCpuSeconds: round(cpu, 2),
    realTimeRatio,
    cpuSecondsPerSourceMinute: cpuPerMinute,
    summary,
  };
}
