import type { BoardAccess } from './board-client';
import type { LiveState } from './hooks/useBoard';

/** What BoardPage gives the board it draws. */
export interface BoardBodyProps {
  access: BoardAccess;
  live: LiveState;
  title: string;
  /** The route's flag: today's booking fields live beside the flow panels (/fieldTX). */
  fields?: boolean;
}
