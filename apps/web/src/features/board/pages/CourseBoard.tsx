import { BoardFrame, Panel } from '../components/BoardFrame';
import type { BoardBodyProps } from '../board-body';

const GRID = { gridTemplateColumns: '1fr 1fr 1fr', gridTemplateRows: '1fr', gridTemplateAreas: `"lectures sessions attendance"` };

/** 课程培训: lectures, sessions and attendance come from the course capability, which has not landed. */
export function CourseBoard({ live, title }: BoardBodyProps) {
  return (
    <BoardFrame title={title} live={live} grid={GRID}>
      <Panel title="讲座与课程" area="lectures" missing="course" />
      <Panel title="课时" area="sessions" missing="course" />
      <Panel title="出勤" area="attendance" missing="course" />
    </BoardFrame>
  );
}
