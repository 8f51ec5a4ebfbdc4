import { App, Button } from 'antd';
import type { lecture, Call, Permission } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

/** Orders a clerk may close: unpaid or failed (a result-unknown N must be settled by paying again). */
export const canClose = (o: { payState: string }) => o.payState === 'U' || o.payState === 'F';

export interface CloseOrderButtonProps {
  order: { orderId: number; payState: string };
  /** The kind's close call (body { orderId }), the lists it changes and who may call it: 销售订单 by default. */
  closeCall?: typeof sale.closeOrder | typeof lecture.closeOrder;
  invalidates?: readonly Call[];
  permission?: Permission;
}

/** 关闭 on an order row: asks first, then the order is closed (C) and can no longer be paid. */
export function CloseOrderButton({
  order,
  closeCall = sale.closeOrder,
  invalidates = [sale.query],
  permission = PERMISSIONS.goods.saleOrder.close,
}: CloseOrderButtonProps) {
  const { modal } = App.useApp();
  const allowed = usePermission([permission]);
  const closing = useApiMutation(closeCall, { invalidates });
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
