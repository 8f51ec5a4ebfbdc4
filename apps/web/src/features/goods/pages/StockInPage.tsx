import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { validValues } from '@/lib/form';
import { callApi } from '@/lib/http';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { dateRange } from '@/lib/time';
import { useAllWarehouseOptions } from '../api/options';
import { StockInDetail, StockInStateTag, STOCK_IN_STATES, type StockIn } from '../components/StockInDetail';
import { StockInForm, type StockInValues } from '../components/StockInForm';
import { fieldsOf, textRules } from '@/lib/schema-rules';

interface Filters {
  state?: 'P' | 'A' | 'D' | 'E';
  warehouseId?: number;
  beginTime?: string;
  endTime?: string;
}

/** 进货: stock-in orders of the current venue; review passes (stock rises) or rejects them. */
export default function StockInPage() {
  const { modal } = App.useApp();
  const warehouses = useAllWarehouseOptions();
  const [viewing, setViewing] = useState<StockIn | null>(null);
  const [reviewing, setReviewing] = useState<{ order: StockIn; reload: () => Promise<void> } | null>(null);
  const [reviewForm] = Form.useForm<{ pass: boolean; reviewRemark?: string }>();

  async function submitReview() {
    const values = await validValues(reviewForm);
    if (!values) return;
    await callApi(goods.stockInReview, { body: { stockInId: reviewing!.order.stockInId, pass: values.pass, reviewRemark: values.reviewRemark ?? '' } });
    toast.success(values.pass ? '审核通过，库存已增加' : '已审核不通过');
    await reviewing!.reload();
    setReviewing(null);
  }

  function complete(order: StockIn, reload: () => Promise<void>) {
    modal.confirm({
      title: '提示',
      content: `确定完结进货单 ${order.stockInId} 吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await callApi(goods.stockInComplete, { body: { stockInId: order.stockInId } });
        await reload();
      },
    });
  }

  return (
    <>
      <CrudPage<StockIn, Filters, StockInValues>
        entity="进货单"
        rowKey="stockInId"
        list={goods.stockInQuery}
        toFilters={({ range, ...rest }) => {
          const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
          const [beginTime, endTime] = dateRange(begin, end) ?? [];
          return { ...(rest as Filters), beginTime, endTime };
        }}
        searchFields={
          <>
            <Form.Item name="state">
              <Select
                placeholder="审核状态"
                aria-label="审核状态"
                allowClear
                style={{ width: 130 }}
                options={Object.entries(STOCK_IN_STATES).map(([value, s]) => ({ value, label: s.label }))}
              />
            </Form.Item>
            <Form.Item name="warehouseId">
              <Select placeholder="仓库" aria-label="仓库" allowClear options={warehouses} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '单号', dataIndex: 'stockInId', width: 80 },
          { title: '仓库', dataIndex: 'warehouseName' },
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '金额（元）', dataIndex: 'totalPrice', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '状态', dataIndex: 'state', render: (s: string) => <StockInStateTag state={s} /> },
          { title: '创建人', dataIndex: 'createName' },
          { title: '创建时间', dataIndex: 'createTime', render: formatTime },
        ]}
        permissions={{ add: PERMISSIONS.goods.stockIn.add }}
        defaults={{ supplyType: 'A', details: [{ goodsId: undefined as unknown as number, quantity: 1, price: 0 }] }}
        create={(values) => callApi(goods.stockInCreate, { body: values })}
        formFields={(form) => <StockInForm form={form} />}
        actionWidth={200}
        rowActions={(row, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(row)}>
              详情
            </Button>
            {row.state === 'P' && (
              <Permission value={[PERMISSIONS.goods.stockIn.review]}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    reviewForm.resetFields();
                    setReviewing({ order: row, reload });
                  }}
                >
                  审核
                </Button>
              </Permission>
            )}
            {row.state === 'A' && (
              <Permission value={[PERMISSIONS.goods.stockIn.review]}>
                <Button size="small" type="link" onClick={() => complete(row, reload)}>
                  完结
                </Button>
              </Permission>
            )}
          </>
        )}
      />
      <Modal open={viewing !== null} title="进货单详情" width={900} footer={null} onCancel={() => setViewing(null)}>
        {viewing && <StockInDetail order={viewing} />}
      </Modal>
      <Modal
        open={reviewing !== null}
        title="审核进货单"
        width={900}
        okText="提交审核"
        cancelText="取消"
        onOk={() => void submitReview().catch(() => undefined)}
        onCancel={() => setReviewing(null)}
        maskClosable={false}
      >
        {reviewing && <StockInDetail order={reviewing.order} />}
        <Form form={reviewForm} layout="vertical" style={{ marginTop: 12 }} initialValues={{ pass: true }}>
          <Form.Item name="pass" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
            <Radio.Group
              options={[
                { value: true, label: '通过（增加库存）' },
                { value: false, label: '不通过' },
              ]}
            />
          </Form.Item>
          <Form.Item name="reviewRemark" label="审核意见" rules={textRules(fieldsOf(goods.stockInReview.body).reviewRemark)}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
