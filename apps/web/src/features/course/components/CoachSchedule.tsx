import { Drawer, Empty, Table, Tag, Typography } from 'antd';
import type { Coach, Session } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { addChinaDays, chinaDate } from '@venue/contract/common/china-time';
import { useApiQuery } from '@/lib/query';
import { byDate, dateWithWeekday } from '../course-view';

/** How far ahead a coach's schedule looks. */
const DAYS = 14;
const STATE_COLORS: Record<Session['state'], string> = { A: 'blue', D: 'green', C: 'default' };

/** 课表 of a coach: their sessions of the next two weeks, day by day, with the class, field and attendance. */
export function CoachSchedule({ coach, onClose }: { coach: Coach; onClose: () => void }) {
  const today = chinaDate(Date.now());
  const end = addChinaDays(today, DAYS - 1);
  const sessions = useApiQuery(courseAdmin.sessionQuery, { query: { coachId: coach.coachId, beginDate: today, endDate: end, liveOnly: 'false' } });
  const days = byDate(sessions.data ?? []);
  return (
    <Drawer
      open
      width={Math.min(760, window.innerWidth)}
      title={`${coach.coachName}的课表`}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
    >
      {/* The schedule scrolls in a box a keyboard can reach (its tables have nothing to focus). */}
      <div tabIndex={0} role="region" aria-label={`${coach.coachName}的课表`} style={{ height: '100%', overflow: 'auto', padding: 24 }}>
        <Typography.Paragraph type="secondary">
          {today} 至 {end}，共 {(sessions.data ?? []).filter((s) => s.state !== 'C').length} 节
        </Typography.Paragraph>
        {!sessions.isLoading && !days.length && <Empty description="未来两周没有课" />}
        {days.length > 0 && (
          <Table<Session>
            size="small"
            rowKey="sessionId"
            dataSource={days.flatMap(([, list]) => list)}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '日期', dataIndex: 'useDate', render: (d: string) => dateWithWeekday(d) },
              { title: '时间', key: 'time', render: (_, s) => `${s.beginTime}-${s.endTime}` },
              { title: '班级', dataIndex: 'className' },
              { title: '场地', dataIndex: 'fieldName' },
              { title: '签到/应到', key: 'signed', render: (_, s) => `${s.signed + s.makeUp}/${s.expected}` },
              {
                title: '状态',
                dataIndex: 'state',
                render: (st: Session['state']) => <Tag color={STATE_COLORS[st]}>{courseAdmin.SESSION_STATE_LABELS[st]}</Tag>,
              },
            ]}
          />
        )}
      </div>
    </Drawer>
  );
}
