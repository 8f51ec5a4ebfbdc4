import type { courseReport } from '@venue/contract';

type BoardSession = courseReport.Board['sessions'][number];

/** Today's sessions on the course board, counted: those held (not cancelled), and their students signed of those enrolled. */
export function courseTotals(sessions: readonly BoardSession[]) {
  const held = sessions.filter((s) => s.state !== 'C');
  return {
    sessions: held.length,
    signed: held.reduce((n, s) => n + s.signed, 0),
    enrolled: held.reduce((n, s) => n + s.enrolled, 0),
  };
}
