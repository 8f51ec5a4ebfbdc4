import type { Call } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { signedText } from './course-view';

/** What a sign-in, a leave or a make-up changes: rosters, calendars, grids, balances, the ledger and the figures. */
export const ATTENDANCE_CHANGES: readonly Call[] = [
  course.roster,
  course.lookup,
  course.enrolmentQuery,
  course.classAttendance,
  course.ledgerQuery,
  courseAdmin.sessionQuery,
  courseAdmin.classQuery,
  courseReport.attendance,
  courseReport.lessons,
  courseReport.coachHours,
];

/**
 * 签到 of students of one session: one TAKE each; the answer's balances are said
 * (签到成功：张小明 剩余9课时). A refusal (已签到, 课时不足, 已过期) is shown by the HTTP client.
 */
export function useSignIn() {
  const sign = useApiMutation(course.check, { invalidates: ATTENDANCE_CHANGES });
  return {
    pending: sign.isPending,
    /** Answers the students signed, or null when refused. */
    async signIn(sessionId: number, enrolmentIds: number[]) {
      const answer = await sign.mutateAsync({ body: { sessionId, enrolmentIds } }).catch(() => null);
      if (answer) toast.success(signedText(answer.signed));
      return answer;
    },
  };
}
