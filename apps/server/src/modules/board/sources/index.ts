import { gatePassSource } from './gate-passes.ts';
import { goodsSaleSource } from './goods-sale.ts';
import { memberCardSource } from './member-cards.ts';
import type { BoardSource } from './source.ts';

export type { BoardSource } from './source.ts';

/** Every capability's board source, one line each: a capability that lands adds its line here. */
export const BOARD_SOURCES: readonly BoardSource[] = [goodsSaleSource, gatePassSource, memberCardSource];
