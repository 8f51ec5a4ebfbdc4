import type { Enrolment } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { formatYuan } from '@/lib/money';
import { studentText } from '../course-view';

/** A printed enrolment slip (报名凭证): its QR code (快速核销 › 课程培训 signs the student in by it), who, what, how many lessons, until when. */
export function EnrolmentSlip({ row, qr, copy }: { row: Enrolment; qr: string; copy: number }) {
  return (
    <div className="ticket" data-qr-code={row.code}>
      <h1>{row.venueName} 课程报名凭证</h1>
      <img src={qr} alt={row.code} />
      <p className="code">{row.code}</p>
      <p>学员：{studentText(row)}</p>
      <p>
        课程：{row.courseName}（{courseAdmin.CATEGORY_LABELS[row.category]}）
      </p>
      {row.className && <p>班级：{row.className}</p>}
      <p>
        课时：{row.lessonsTotal} 课时，剩余 {row.lessonsLeft} 课时
      </p>
      <p>有效期至：{row.validUntil ?? '—'}</p>
      <p>实收：{formatYuan(row.paid)} 元</p>
      <p>报名号：{row.enrolmentId}</p>
      {row.orderId && <p>订单号：{row.orderId}</p>}
      {copy > 1 && <p>第 {copy} 份（重打）</p>}
    </div>
  );
}
