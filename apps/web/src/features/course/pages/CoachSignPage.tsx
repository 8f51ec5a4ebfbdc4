import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Segmented, Select, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { RosterRow, Session } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { addChinaDays, chinaDate } from '@venue/contract/common/china-time';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { dateWithWeekday, rosterStateText, signable } from '../course-view';
import { useSignIn } from '../useSignIn';
import css from './CoachSignPage.module.css';

/**
 * 教练签到 (a phone, 390 px): today's sessions of a coach (or yesterday's, tomorrow's) (a staff coach sees their own first); a session
 * lists its students as large buttons: tap those present, then 签到 signs them in together (one lesson
 * each). Students already signed, on leave or refused (课时不足, 已过期) cannot be tapped and say why.
 */
export default function CoachSignPage() {
  const [params, setParams] = useSearchParams();
  const userId = useSession((s) => s.user?.userId);
  const canSign = usePermission([PERMISSIONS.course.check.check]);
  const coaches = useApiQuery(courseAdmin.coachQuery, { query: { state: 'A' } }, { enabled: canSign }).data ?? [];
  const sessionParam = Number(params.get('sessionId')) || null;
  const coachParam = Number(params.get('coachId')) || null;
  const coachId = coachParam ?? coaches.find((c) => c.userId === userId)?.coachId ?? coaches[0]?.coachId ?? null;
  const set = (key: string, value: number | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, String(value));
    else next.delete(key);
    setParams(next);
  };
  if (!canSign) return <Empty description="没有课程签到权限" />;
  if (sessionParam) return <SessionSign sessionId={sessionParam} onBack={() => set('sessionId', null)} />;
  return (
    <div className={css.page}>
      <Typography.Title level={4} className={css.title}>
        教练签到
      </Typography.Title>
      <Select
        aria-label="教练"
        className={css.coach}
        size="large"
        value={coachId}
        placeholder="请选择教练"
        onChange={(v: number) => set('coachId', v)}
        options={coaches.map((c) => ({ value: c.coachId, label: c.coachName }))}
      />
      {coachId ? <TodaySessions coachId={coachId} onOpen={(id) => set('sessionId', id)} /> : <Empty description="暂无教练" />}
    </div>
  );
}

const DAYS = [
  { value: -1, label: '昨天' },
  { value: 0, label: '今天' },
  { value: 1, label: '明天' },
];

function TodaySessions({ coachId, onOpen }: { coachId: number; onOpen: (sessionId: number) => void }) {
  const [offset, setOffset] = useState(0);
  const day = addChinaDays(chinaDate(Date.now()), offset);
  const sessions = useApiQuery(courseAdmin.sessionQuery, { query: { coachId, beginDate: day, endDate: day } });
  const list = sessions.data ?? [];
  return (
    <>
      <Segmented block size="large" options={DAYS} value={offset} onChange={(v) => setOffset(Number(v))} className={css.days} />
      <Typography.Paragraph type="secondary">{dateWithWeekday(day)} 的课节</Typography.Paragraph>
      {sessions.isLoading && <Spin />}
      {!sessions.isLoading && !list.length && <Empty description="这一天没有课" />}
      <ul className={css.list} aria-label="今日课节">
        {list.map((s: Session) => (
          <li key={s.sessionId}>
            <button type="button" className={css.session} onClick={() => onOpen(s.sessionId)}>
              <span className={css.time}>
                {s.beginTime}-{s.endTime}
              </span>
              <span className={css.name}>{s.className}</span>
              <span className={css.meta}>
                {s.fieldName} · 已签到 {s.signed + s.makeUp}/{s.expected}
                {s.leave ? ` · 请假 ${s.leave}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function SessionSign({ sessionId, onBack }: { sessionId: number; onBack: () => void }) {
  const roster = useApiQuery(course.roster, { query: { sessionId } });
  const [chosen, setChosen] = useState<number[]>([]);
  const { signIn, pending } = useSignIn();
  const data = roster.data;
  const toggle = (row: RosterRow) => setChosen((c) => (c.includes(row.enrolmentId) ? c.filter((id) => id !== row.enrolmentId) : [...c, row.enrolmentId]));
  async function sign() {
    if (await signIn(sessionId, chosen)) setChosen([]);
  }
  return (
    <div className={css.page}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className={css.back}>
        返回课节
      </Button>
      {!data ? (
        <Spin />
      ) : (
        <>
          <Typography.Title level={4} className={css.title}>
            {data.className}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {dateWithWeekday(data.useDate)} {data.beginTime}-{data.endTime} · {data.fieldName} · {data.coachName}
          </Typography.Paragraph>
          {data.state !== 'A' && <Tag>{courseAdmin.SESSION_STATE_LABELS[data.state]}</Tag>}
          {!data.students.length && <Empty description="本节暂无学员" />}
          <ul className={css.list} aria-label="学员">
            {data.students.map((r) => {
              const can = data.state === 'A' && signable(r);
              const on = chosen.includes(r.enrolmentId);
              return (
                <li key={r.enrolmentId}>
                  <button
                    type="button"
                    className={`${css.student} ${on ? css.on : ''}`}
                    disabled={!can}
                    aria-pressed={can ? on : undefined}
                    onClick={() => toggle(r)}
                  >
                    <span className={css.name}>
                      {on && <CheckCircleFilled aria-hidden className={css.tick} />}
                      {r.studentName}
                    </span>
                    <span className={css.meta}>
                      剩余 {r.lessonsLeft} 课时 · {on ? '已选' : rosterStateText(r)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className={css.bar}>
            <Button type="primary" size="large" block disabled={!chosen.length} loading={pending} onClick={() => void sign()}>
              签到 {chosen.length} 人
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
