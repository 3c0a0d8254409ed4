// steiger 0.6's CLI only discovers steiger.config.* through cosmiconfig, which never finds the
// design card's `.steiger.config.ts`. This runner loads that file explicitly, so it is the config in
// force, then lints the same way the CLI does (errors fail, warnings fail too: the bar is "clean").
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { linter, processConfiguration } from 'steiger';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const configPath = process.env.STEIGER_CONFIG ?? resolve(root, '.steiger.config.ts');
const target = resolve(root, process.argv[2] ?? 'src');

const { default: config } = await tsImport(configPath, import.meta.url);
processConfiguration(config, dirname(configPath));
const diagnostics = await linter.run(target);

for (const d of diagnostics) {
  const where = d.location.path.replace(root + '/', '') + (d.location.line ? `:${d.location.line}` : '');
  console.log(`${d.severity === 'warn' ? 'warn ' : 'error'} ${d.ruleName}: ${where}\n      ${d.message}`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(diagnostics));
console.log(diagnostics.length === 0 ? 'steiger: no problems found' : `steiger: ${diagnostics.length} problem(s)`);
process.exit(diagnostics.length === 0 ? 0 : 1);
