import { useRef, useState } from 'react';
import type { CallData } from '@venue/contract';
import * as course from '@venue/contract/course';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';
import { signable, signedText, signGroups, signKey } from './course-view';
import { ATTENDANCE_CHANGES } from './useSignIn';

export type CourseLookup = CallData<typeof course.lookup>;
export type LookupSession = CourseLookup['sessions'][number];
/** One student of one of today's sessions, as the tab's table lists them. */
export interface CheckRow {
  key: string;
  session: LookupSession;
  student: LookupSession['students'][number];
}

export const checkRows = (found: CourseLookup | null): CheckRow[] =>
  (found?.sessions ?? []).flatMap((session) => session.students.map((student) => ({ key: signKey(session.sessionId, student.enrolmentId), session, student })));

/**
 * 快速核销 › 课程培训's work: a member card number or an enrolment's QR code finds the member's (and
 * family's) sessions today with their balances; the students who can be signed are ticked; 确认 signs
 * them in, session by session (one lesson each), then reads the member again so the balances shown move.
 */
export function useCourseCheck() {
  const [found, setFound] = useState<CourseLookup | null>(null);
  const [code, setCode] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const invalidate = useInvalidate();

  async function read(next: string) {
    const answer = await callApi(course.lookup, { query: { code: next } });
    setFound(answer);
    setCode(next);
    setSelected(
      checkRows(answer)
        .filter((r) => signable(r.student))
        .map((r) => r.key),
    );
    return answer;
  }

  async function search(raw: string) {
    const next = raw.trim();
    if (!next) return toast.warning(course.COURSE_MSG.notFound);
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setResult(null);
    try {
      await read(next);
    } catch {
      setFound(null);
      setSelected([]);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** Signs the ticked students in; the dialog stays open with the balances read again. Answers whether any was signed. */
  async function confirm(): Promise<boolean> {
    if (!found || !selected.length) {
      toast.warning(found && !found.sessions.length ? course.COURSE_MSG.noSessionToday : course.COURSE_MSG.chooseStudents);
      return false;
    }
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    const signed: { studentName: string; lessonsLeft: number }[] = [];
    try {
      for (const group of signGroups(selected)) {
        const answer = await callApi(course.check, { body: group }).catch(() => null);
        if (answer) signed.push(...answer.signed);
      }
      if (signed.length) {
        const text = signedText(signed);
        setResult(text);
        toast.success(text);
      }
      await read(code).catch(() => undefined);
      void invalidate(ATTENDANCE_CHANGES); // not awaited: the next scan must not wait for the refetch
      return signed.length > 0;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** 私教课消课: one lesson of a private package with the coach who taught it; the balances are read again. */
  async function signPrivate(enrolmentId: number, coachId: number): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await callApi(course.checkPrivate, { body: { enrolmentId, coachId, remark: '' } }).catch(() => null);
      if (!answer) return;
      const text = signedText(answer.signed);
      setResult(text);
      toast.success(text);
      await read(code).catch(() => undefined);
      void invalidate(ATTENDANCE_CHANGES);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { found, rows: checkRows(found), packages: found?.packages ?? [], selected, setSelected, result, busy, search, confirm, signPrivate };
}
