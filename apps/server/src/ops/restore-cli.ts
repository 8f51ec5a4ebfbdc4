/**
 * `npm run restore FILE` (a backup folder, or its venue.db / venue.dump): puts the backup in place of
 * DATA_DIR's data. Refuses while a server uses the data folder unless `--force` is given
 * (`npm run restore FILE -- --force`).
 */
import { configOrExit, runCommand } from './cli.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

const args = process.argv.slice(2);
// `npm run restore FILE --force` hands npm the flag, which says so in the environment
const force = args.includes('--force') || process.env.npm_config_force === 'true';
const from = args.find((arg) => !arg.startsWith('--'));
if (!from) {
  console.error('用法：npm run restore <备份目录或 venue.db> [-- --force]');
  process.exit(1);
}
const config = configOrExit();
await runCommand(
  () => restoreBackup({ from, dataDir: config.dataDir, databaseUrl: config.databaseUrl, force, keep: config.backupKeep }),
  (error) => error instanceof RestoreRefused,
);
