import { Card } from 'antd';
import { LeaseDesk } from '../components/LeaseDesk';

/** 商品租赁, the full-page goods rental screen (spec 2.6). */
export default function LeaseDeskPage() {
  return (
    <Card title="商品租赁">
      <LeaseDesk active />
    </Card>
  );
}
