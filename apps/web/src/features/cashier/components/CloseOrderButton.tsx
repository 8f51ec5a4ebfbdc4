import { App, Button } from 'antd';
import { PERMISSIONS, sale, type SaleOrder } from '@venue/contract';
import { usePermission } from '@/components/Permission';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

/** Orders a clerk may close: unpaid or failed (a result-unknown N must be settled by paying again). */
export const canClose = (o: Pick<SaleOrder, 'payState'>) => o.payState === 'U' || o.payState === 'F';

/** 关闭 on a 销售订单 row: asks first, then the order is closed (C) and can no longer be paid. */
export function CloseOrderButton({ order }: { order: SaleOrder }) {
  const { modal } = App.useApp();
  const allowed = usePermission([PERMISSIONS.goods.saleOrder.close]);
  const closing = useApiMutation(sale.closeOrder, { invalidates: [sale.query] });
  if (!allowed || !canClose(order)) return null;
  const confirm = () =>
    modal.confirm({
      title: '提示',
      content: `确定关闭订单 ${order.orderId} 吗？关闭后不能再收款。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await closing.mutateAsync({ body: { orderId: order.orderId } });
        toast.success('操作成功');
      },
    });
  return (
    <Button size="small" type="link" danger onClick={confirm}>
      关闭
    </Button>
  );
}
