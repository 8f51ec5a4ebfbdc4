import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import * as goods from '@venue/contract/goods';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { FormDialog } from '@/components/list/FormDialog';
import { Permission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { useAllWarehouseOptions, useClassificationOptions } from '../api/options';
import { StockMovementsDialog } from '../components/StockMovementsDialog';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';

type Row = z.infer<typeof goods.stockRow>;
interface Filters {
  warehouseId?: number;
  classificationId?: number;
  goodsName?: string;
}
interface AdjustForm {
  change: number;
  remark: string;
}

/** 库存查询: stock per goods and warehouse, its movements, and stock-taking adjustments. */
export default function StockPage() {
  const warehouses = useAllWarehouseOptions();
  const classes = useClassificationOptions();
  const [detail, setDetail] = useState<Row | null>(null);
  const [adjusting, setAdjusting] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);

  return (
    <>
      <CrudPage<Row, Filters, object>
        entity="库存"
        rowKey={(r) => `${r.goodsId}-${r.warehouseId}`}
        list={goods.queryStock}
        searchFields={
          <>
            <Form.Item name="goodsName">
              <Input placeholder="商品名称" allowClear />
            </Form.Item>
            <Form.Item name="warehouseId">
              <Select placeholder="仓库" aria-label="仓库" allowClear options={warehouses} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="classificationId">
              <Select placeholder="商品分类" aria-label="商品分类" allowClear options={classes} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="maxQuantity">
              <InputNumber placeholder="库存不高于" aria-label="库存不高于" min={0} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '商品名称', dataIndex: 'goodsName' },
          { title: '规格', dataIndex: 'specs' },
          { title: '条码', dataIndex: 'barcode' },
          { title: '分类', dataIndex: 'classificationName' },
          { title: '仓库', dataIndex: 'warehouseName' },
          {
            title: '库存',
            dataIndex: 'quantity',
            align: 'right',
            render: (q: number, row) => (
              <b style={{ color: q === 0 ? '#f56c6c' : undefined }}>
                {q} {row.unit}
              </b>
            ),
          },
        ]}
        rowActions={(row, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setDetail(row)}>
              明细
            </Button>
            <Permission value={[PERMISSIONS.goods.stock.adjust]}>
              <Button size="small" type="link" onClick={() => setAdjusting({ row, reload })}>
                调整
              </Button>
            </Permission>
          </>
        )}
      />
      {detail && (
        <StockMovementsDialog
          goodsId={detail.goodsId}
          warehouseId={detail.warehouseId}
          title={`${detail.goodsName} @ ${detail.warehouseName}`}
          onClose={() => setDetail(null)}
        />
      )}
      <FormDialog<AdjustForm>
        open={adjusting !== null}
        title={adjusting ? `库存调整：${adjusting.row.goodsName}（现有 ${adjusting.row.quantity} ${adjusting.row.unit}）` : ''}
        onClose={() => setAdjusting(null)}
        onSubmit={async (values) => {
          await callApi(goods.adjustStock, { body: { goodsId: adjusting!.row.goodsId, warehouseId: adjusting!.row.warehouseId, ...values } });
          await adjusting!.reload();
        }}
      >
        <Form.Item
          name="change"
          label="调整数量"
          extra="正数为盘盈，负数为盘亏；调整后库存不能小于0"
          rules={[{ required: true, message: '请输入调整数量' }, schemaRule(fieldsOf(goods.adjustStock.body).change)]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="调整原因" rules={textRules(fieldsOf(goods.adjustStock.body).remark)}>
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}
