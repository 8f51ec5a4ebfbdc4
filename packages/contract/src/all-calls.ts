import * as contract from './index.ts';
import type { AnyCall } from './common/call.ts';

const isCall = (value: unknown): value is AnyCall => typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'summary' in value;

/**
 * Every call the contract exports, found by walking its namespaces (auth, goods, member, ...), so a new
 * feature's calls are checked by the contract-wide tests without anyone listing them. Not exported from
 * the package index (it imports the index).
 */
export const ALL_CALLS: { name: string; call: AnyCall }[] = Object.entries(contract).flatMap(([module, exports]) =>
  typeof exports === 'object' && exports !== null && !isCall(exports)
    ? Object.entries(exports)
        .filter(([, value]) => isCall(value))
        .map(([name, call]) => ({ name: `${module}.${name}`, call: call as AnyCall }))
    : [],
);
