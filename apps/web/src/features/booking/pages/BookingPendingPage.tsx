import { Result } from 'antd';

/** Issue 35: the booking screens (场地预订, 预订订单, 场地设置) until the web side builds them on the booking contract. */
export default function BookingPendingPage() {
  return <Result status="info" title="场地预订" subTitle="该页面正在建设中，接口已就绪（/api/docs 中的 booking 调用）。" />;
}
