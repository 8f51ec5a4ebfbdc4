import { useState } from 'react';
import { Button, Form, InputNumber } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import * as sale from '@venue/contract/sale';
import { PERMISSIONS } from '@venue/contract/common/access';
import { FormDialog } from '@/components/list/FormDialog';
import { Permission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { useApiQuery, useInvalidate } from '@/lib/query';

/** 自动关闭设置: after how many minutes the server closes an unpaid order (0: never). */
export function AutoCloseSetting() {
  const [open, setOpen] = useState(false);
  const current = useApiQuery(sale.getAutoClose, {}, { enabled: open }).data;
  const invalidate = useInvalidate();
  return (
    <Permission value={[PERMISSIONS.goods.saleOrder.autoClose]}>
      <Button icon={<ClockCircleOutlined />} onClick={() => setOpen(true)}>
        自动关闭设置
      </Button>
      {current && (
        <FormDialog<{ autoCloseMinutes: number }>
          open={open}
          title="未支付订单自动关闭"
          initialValues={current}
          onSubmit={async (body) => {
            await callApi(sale.setAutoClose, { body });
            invalidate([sale.getAutoClose]);
          }}
          onClose={() => setOpen(false)}
        >
          <Form.Item
            name="autoCloseMinutes"
            label="创建后未支付超过（分钟）自动关闭"
            extra="0 表示不自动关闭；支付结果未知的订单不会被关闭"
            rules={[{ required: true, message: '请输入自动关闭时间' }]}
          >
            <InputNumber min={0} max={sale.MAX_AUTO_CLOSE_MINUTES} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </FormDialog>
      )}
    </Permission>
  );
}
