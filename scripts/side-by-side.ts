import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface Run {
  /** Names the run's lines, as the runs beside it interleave theirs. */
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs a command; with `labelled`, each line of its output is named by its label, so that commands
 * run side by side stay readable, and `onLine` sees every line as printed. Unlabelled, the output
 * is the command's own. Resolves to the exit code (1 on a signal).
 */
export function runCommand(run: Run, options: { labelled: boolean; onLine?: (line: string) => void }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(run.command, run.args, { env: run.env ?? process.env, stdio: options.labelled ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (options.labelled) {
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on("line", (line) => {
          console.log(`[${run.label}] ${line}`);
          options.onLine?.(line);
        });
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
