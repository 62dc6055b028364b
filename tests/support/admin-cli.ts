import { execFile } from 'node:child_process';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` the way an operator runs it: a separate process speaking HTTP to the server. */
export function runAdminCli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
    execFile('node_modules/.bin/tsx', ['server/cli/index.ts', ...args], { env: childEnv, timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
