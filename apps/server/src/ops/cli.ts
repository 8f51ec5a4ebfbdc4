import { ConfigError, readConfig, type Config } from '../config.ts';

/** The checked configuration for a command, or its one Chinese line and exit code 1. */
export function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Runs a command: its Chinese lines on stdout, or its failure on stderr and exit code 1. */
export async function runCommand(work: () => Promise<string[]>, refusal: (error: unknown) => boolean): Promise<void> {
  try {
    for (const line of await work()) console.log(line);
  } catch (error) {
    console.error(refusal(error) ? (error as Error).message : `失败：${(error as Error).message}`);
    process.exit(1);
  }
}
