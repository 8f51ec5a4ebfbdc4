import { Alert } from 'antd';
import { CheckTable, PrivateLessons, useCourseCheck } from '@/features/course';
import type { VerifyTabProps } from '../tab-props';
import { OrderCheckLayout } from '../components/OrderCheckLayout';

/**
 * 课程培训 (spec 2.8, issue 36): a member card number or an enrolment's QR code (typed, scanned or from the
 * camera) lists the member's and family's sessions today with their lesson balances; the students who
 * can be signed in are ticked; 确认 signs them in (one lesson each) and the balances shown move. The
 * dialog stays open for the next member; a refusal (已签到, 课时不足, 已过期) is said in Chinese.
 */
export default function CourseTab({ active }: VerifyTabProps) {
  const check = useCourseCheck();
  const found = check.found;
  return (
    <OrderCheckLayout
      active={active}
      check={check}
      keepOpen
      placeholder="请扫描会员卡号或报名二维码"
      memberFacts={
        found && [
          { label: '会员', children: found.memberName },
          { label: '联系电话', children: found.phone },
          { label: '今日课节', children: `${found.sessions.length} 节` },
        ]
      }
      heading={found && (found.sessions.length ? `${found.memberName} 今日课节（勾选要签到的学员）` : '今天没有可签到的课节')}
    >
      {check.result && <Alert type="success" showIcon message={check.result} style={{ marginBottom: 8 }} role="status" />}
      <CheckTable rows={check.rows} selected={check.selected} onSelect={check.setSelected} loading={check.busy} />
      <PrivateLessons rows={check.packages} busy={check.busy} onSign={(e, c) => void check.signPrivate(e, c)} />
    </OrderCheckLayout>
  );
}
