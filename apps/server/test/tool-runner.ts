import { resolveMediaTools } from '../src/transcoding/ffmpeg-binaries';
import { runTool } from '../src/transcoding/run-tool';

// Starts a an hour-long ffmpeg encode into argv[2] and prints 'started'; run-tool.test.ts then
// kills this process (argv[3] 'kill') or makes it exit on its own ('exit' on stdin).
const output = process.argv[2]!;
const args = ['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3600', '-c:v', 'libx264', '-preset', 'veryfast', '-progress', 'pipe:1', output];
const { ffmpeg } = await resolveMediaTools();
void runTool({ command: ffmpeg, args, onStdoutLine: () => {} }).catch(() => {});
process.stdout.write('started\n');
process.stdin.once('data', () => process.exit(0));
