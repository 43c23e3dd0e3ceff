import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs a load tool (pgbench, wrk) for a `seconds`-long run with its script written to a temporary file, whose path
 * `args` places among the tool's arguments, and answers what it printed. The file is removed afterwards.
 */
export async function runToolWithScript(
  command: string,
  script: { name: string; text: string },
  args: (scriptPath: string) => string[],
  seconds: number,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `bench-${command.split('/').at(-1)}-`));
  try {
    const file = join(dir, script.name);
    await writeFile(file, script.text);
    const { stdout } = await run(command, args(file), {
      timeout: (seconds + 60) * 1000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
