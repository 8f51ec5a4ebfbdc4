import { useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Card as MemberCard, Enrolment } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { MemberCardSearch, MemberDisplay } from '@/features/member-card';
import { validValues } from '@/lib/form';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { ageRangeText, weekdaysText } from '../course-view';
import { ENROLMENT_CHANGES } from '../enrolment-changes';
import { useFamily } from '../useFamily';
import { EnrolmentPayment } from './EnrolmentPayment';

interface Values {
  courseId?: number;
  classId?: number;
  /** 0: the member; else a family member's id. */
  student: number;
  studentBirthday?: Dayjs;
  remark?: string;
}

/** What the form says under 学员 when the member's archive has no family to offer. */
const familyHint = (offered: number) => (offered ? undefined : '该会员档案没有家庭成员；给孩子报名请先在会员档案中添加家庭成员');

/**
 * 报名: the member found by the member card widget (a card read, or a search by number, name or phone),
 * who studies (the member, or a family member on the member's archive), the course and, for a group
 * course, its class (a full class puts the student on the waiting list); 提交报名 makes the course order,
 * then 收款.
 */
export function EnrolCard({ venueId }: { venueId: number }) {
  const [form] = Form.useForm<Values>();
  const [card, setCard] = useState<MemberCard | null>(null);
  const [paying, setPaying] = useState<Enrolment | null>(null);
  const courses = useApiQuery(courseAdmin.courseQuery, { query: { venueId, state: 'A' } }).data ?? [];
  const courseId = Form.useWatch('courseId', form);
  const student = Form.useWatch('student', form) ?? 0;
  const chosen = courses.find((c) => c.courseId === courseId);
  const classes = useApiQuery(courseAdmin.classQuery, { query: { courseId: courseId ?? 0, state: 'A' } }, { enabled: chosen?.category === 'G' }).data ?? [];
  const family = useFamily(card?.memberId ?? null);
  const enrol = useApiMutation(course.enrol, { invalidates: ENROLMENT_CHANGES });
  const aged = chosen && (chosen.ageMin !== null || chosen.ageMax !== null);

  function pickMember(next: MemberCard | null) {
    setCard(next);
    form.setFieldsValue({ student: 0 });
  }
  function reset() {
    form.resetFields();
    setCard(null);
  }
  async function submit() {
    if (!card) return toast.warning('请先查询会员（读卡或按卡号、姓名、手机号查询）');
    const values = await validValues(form);
    if (!values) return;
    const made = await enrol
      .mutateAsync({
        body: {
          courseId: values.courseId!,
          classId: chosen?.category === 'G' ? values.classId : null,
          memberId: card.memberId,
          familyId: values.student || null,
          studentBirthday: values.studentBirthday?.format('YYYY-MM-DD') ?? null,
          remark: values.remark ?? '',
        },
      })
      .catch(() => null);
    if (!made) return;
    if (made.state === 'W') {
      notify.warning(`班级已满，${made.studentName} 已进入候补（第${made.waitingNo ?? '?'}位），有空位时依次转为待支付`, 6);
      reset();
    } else if (made.state === 'P') {
      // The unpaid enrolment holds its seat; closing 收款 leaves it in the list, to be paid or cancelled there.
      setPaying(made);
      reset();
    } else {
      toast.success(`${made.studentName} 报名成功`);
      reset();
    }
  }

  return (
    <Card title="课程报名" size="small">
      <Form<Values> form={form} name="enrol" layout="vertical" initialValues={{ student: 0 }}>
        <Row gutter={24}>
          <Col xs={24} lg={12} xxl={24}>
            <Form.Item label="会员" required>
              <MemberCardSearch venueId={venueId} onSelect={pickMember} selected={card} />
            </Form.Item>
            {card && (
              <div style={{ marginBottom: 12 }}>
                <MemberDisplay card={card} />
                <Button size="small" type="link" onClick={() => pickMember(null)}>
                  移除会员
                </Button>
              </div>
            )}
            <Form.Item name="student" label="学员" extra={card ? familyHint(family.length) : '请先查询会员'}>
              <Radio.Group
                disabled={!card}
                options={[
                  { value: 0, label: card ? `${card.memberName}（本人）` : '会员本人' },
                  ...family.map((f) => ({ value: f.familyId, label: `${f.name}（${f.relationLabel}）` })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12} xxl={24}>
            <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
              <Select
                placeholder={courses.length ? '请选择课程' : '当前场馆没有启用的课程'}
                showSearch
                optionFilterProp="label"
                options={courses.map((c) => ({ value: c.courseId, label: `${c.courseName}（${courseAdmin.CATEGORY_LABELS[c.category]}）` }))}
                onChange={() => form.setFieldsValue({ classId: undefined })}
              />
            </Form.Item>
            {chosen?.category === 'G' && (
              <Form.Item name="classId" label="班级" rules={[{ required: true, message: course.COURSE_MSG.classRequired }]}>
                <Select
                  placeholder={classes.length ? '请选择班级' : '该课程暂无开班中的班级'}
                  options={classes.map((c) => ({
                    value: c.classId,
                    label: `${c.className} ${weekdaysText(c.weekdays)} ${c.beginTime}-${c.endTime}（${c.enrolled}/${c.capacity}${c.enrolled >= c.capacity ? '，已满，报名进入候补' : ''}）`,
                  }))}
                />
              </Form.Item>
            )}
            {aged && student !== 0 && (
              <Form.Item name="studentBirthday" label="学员生日" extra={`课程适合年龄 ${ageRangeText(chosen.ageMin, chosen.ageMax)}，填写后核对年龄`}>
                <DatePicker aria-label="学员生日" placeholder="学员生日" />
              </Form.Item>
            )}
            <Form.Item name="remark" label="备注">
              <Input maxLength={100} />
            </Form.Item>
            {chosen && (
              <Typography.Paragraph data-testid="enrol-summary">
                {chosen.lessons} 课时，¥{formatYuan(chosen.price)}，付款后 {chosen.validDays} 天内有效；适合年龄 {ageRangeText(chosen.ageMin, chosen.ageMax)}
              </Typography.Paragraph>
            )}
            <Space>
              <Button type="primary" loading={enrol.isPending} onClick={() => void submit()}>
                提交报名
              </Button>
              <Button onClick={reset}>清空</Button>
            </Space>
          </Col>
        </Row>
      </Form>
      {paying && <EnrolmentPayment enrolment={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
