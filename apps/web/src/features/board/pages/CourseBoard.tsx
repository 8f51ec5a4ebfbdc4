import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';
import { EChart } from '../components/EChart';
import { BoardFrame, BoardMessage, Panel, Stat, Stats, tableClass } from '../components/BoardFrame';
import { barOption } from '../charts';
import { useBoardData } from '../hooks/useBoard';
import { useWholeRows } from '../hooks/useWholeRows';
import type { BoardBodyProps } from '../board-body';
import { courseTotals } from '../course-board';

const GRID = {
  gridTemplateColumns: '1.3fr 1fr 1fr 1fr',
  gridTemplateRows: 'auto 1fr 1fr',
  gridTemplateAreas: `"stats stats stats stats" "sessions sessions coaches courses" "sessions sessions lessons courses"`,
};

/** Bars no thicker than 36 px: a venue with one coach or one course gets a bar, not a block. */
const slim = (option: EChartsCoreOption): EChartsCoreOption => ({
  ...option,
  series: (option.series as object[]).map((series) => ({ ...series, barMaxWidth: 36 })),
});

/**
 * 课程培训: today's sessions of the venue (time, class, coach, field, signed of enrolled), attendance
 * today and this month, coach hours this month, lessons sold against taken and still owed, and active
 * enrolments by course; read again on each board event (a sign-in, an enrolment paid or refunded).
 */
export function CourseBoard({ access, live, title }: BoardBodyProps) {
  const { data, error } = useBoardData(courseReport.boardQuery, access, { venueId: access.venueId });
  const sessionsTable = useWholeRows(data);
  const options = useMemo(() => {
    if (!data) return null;
    // Horizontal bars list bottom up: the rows (most first) are reversed so the most is on top.
    return {
      coaches: slim(
        barOption(data.coachHours.map((c) => c.coachName).reverse(), [{ name: '课时（小时）', data: data.coachHours.map((c) => c.hours).reverse() }], {
          horizontal: true,
        }),
      ),
      lessons: slim(
        barOption(['本月售出', '本月消课', '未消课时'], [{ name: '课时', data: [data.lessonsSold, data.lessonsTaken, data.lessonsOutstanding] }], {
          whole: true,
        }),
      ),
      courses: slim(
        barOption(data.byCourse.map((c) => c.courseName).reverse(), [{ name: '在读人数', data: data.byCourse.map((c) => c.enrolments).reverse() }], {
          horizontal: true,
          whole: true,
        }),
      ),
    };
  }, [data]);
  if (error && !data) return <BoardMessage title={title} message={error.message} />;
  if (!data || !options) return <BoardFrame title={title} live={live} grid={GRID} children={null} />;
  const totals = courseTotals(data.sessions);
  return (
    <BoardFrame title={title} live={live} grid={GRID}>
      <Panel title="今日概况" area="stats">
        <Stats>
          <Stat label="今日课节" figure="sessionsToday" value={totals.sessions} />
          <Stat label="今日签到（人次）" figure="signedToday" value={`${totals.signed}/${totals.enrolled}`} />
          <Stat label="今日出勤率" figure="attendanceToday" value={`${data.attendanceToday.toFixed(1)}%`} />
          <Stat label="本月出勤率" figure="attendanceMonth" value={`${data.attendanceMonth.toFixed(1)}%`} />
          <Stat label="本月售出课时" figure="lessonsSold" value={data.lessonsSold} />
          <Stat label="本月消课课时" figure="lessonsTaken" value={data.lessonsTaken} />
          <Stat label="未消课时" figure="lessonsOutstanding" value={data.lessonsOutstanding} />
        </Stats>
      </Panel>
      <Panel title={`今日课节（${data.date}）`} area="sessions" empty={data.sessions.length === 0}>
        <table className={tableClass} ref={sessionsTable} data-testid="course-sessions">
          <thead>
            <tr>
              <th scope="col">时间</th>
              <th scope="col">班级</th>
              <th scope="col">教练</th>
              <th scope="col">场地</th>
              <th scope="col">签到/应到</th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((s) => (
              <tr key={s.sessionId} data-session={s.sessionId}>
                <td>
                  {s.beginTime}-{s.endTime}
                </td>
                <td>{s.className}</td>
                <td>{s.coachName}</td>
                <td>{s.fieldName}</td>
                <td data-figure="sessionSigned">{s.state === 'C' ? courseAdmin.SESSION_STATE_LABELS.C : `${s.signed}/${s.enrolled}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title={`本月教练课时（${data.month}）`} area="coaches" empty={data.coachHours.length === 0}>
        <EChart option={options.coaches} label="本月教练课时" />
      </Panel>
      <Panel title="课时售出与消课" area="lessons" empty={!data.lessonsSold && !data.lessonsTaken && !data.lessonsOutstanding}>
        <EChart option={options.lessons} label="课时售出与消课" />
      </Panel>
      <Panel title="各课程在读人数" area="courses" empty={data.byCourse.length === 0}>
        <EChart option={options.courses} label="各课程在读人数" />
      </Panel>
    </BoardFrame>
  );
}
