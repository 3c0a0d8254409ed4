/**
 * `npm test`: every check the repository has, in stages (docs/operations.md "Tests"). The checks of a stage
 * that use one core each run side by side — the type check, the lint and the build do not depend on one
 * another, and on a 2-core machine they take about half the time one after another would. The test suites
 * (vitest's own workers, then the browser against one shared server) run alone. Each check's output is
 * printed whole when it ends, under its name; the first stage that fails stops the run with its code.
 */
import { spawn } from 'node:child_process';

const STAGES = [['typecheck', 'lint', 'build'], ['test:unit'], ['test:install', 'bench:bundle'], ['test:e2e']];

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── npm run ${script}: ${status} in ${seconds(started)} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
for (const stage of STAGES) {
  // One check alone streams as it goes (the suites are long; their progress is worth seeing).
  const codes =
    stage.length === 1
      ? [
          await new Promise((resolve) =>
            spawn('npm', ['run', stage[0]], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)),
          ),
        ]
      : await Promise.all(stage.map(run));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    process.stdout.write(`\nnpm test: failed after ${seconds(started)} s\n`);
    process.exit(failed);
  }
}
process.stdout.write(`\nnpm test: passed in ${seconds(started)} s\n`);
