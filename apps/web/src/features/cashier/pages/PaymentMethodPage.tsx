import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { CallBody } from '@venue/contract';
import * as payChannel from '@venue/contract/pay-channel';
import * as payment from '@venue/contract/payment';
import { PERMISSIONS } from '@venue/contract/common/access';
import { Msg } from '@venue/contract/common/codes';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { PrintConfigDialog } from '../components/PrintConfigDialog';
import { ChannelConfigDialog } from '../components/ChannelConfigDialog';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type Row = payment.PayMethod;
type Values = CallBody<typeof payment.add>;
interface Filters {
  payName?: string;
  state?: 'A' | 'S';
}
const MODE_OPTIONS = payment.PAY_MODES.map((m) => ({ value: m, label: `${payment.PAY_MODE_LABELS[m]}（${m}）` }));

/** 支付方式: the system payment methods each venue offers at the till. */
export default function PaymentMethodPage() {
  const { modal } = App.useApp();
  const venueGroups = useVenueGroups();
  const [printing, setPrinting] = useState(false);
  const [merchantOf, setMerchantOf] = useState<Row | null>(null);
  return (
    <>
      <CrudPage<Row, Filters, Values>
        entity="支付方式"
        rowKey="id"
        list={payment.queryPage}
        searchFields={
          <>
            <Form.Item name="payName">
              <Input placeholder="名称" allowClear />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '名称', dataIndex: 'payName' },
          { title: '渠道', dataIndex: 'payMode', render: payment.payModeName },
          { title: '需要付款码', dataIndex: 'isApi', render: (v: string) => (v === 'T' ? '是' : '否') },
          { title: '适用场馆', dataIndex: 'venueNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 110,
            render: (_, row) => (
              <StateSwitch
                checked={row.state === 'A'}
                permission={PERMISSIONS.system.payment.edit}
                onChange={(on) => callApi(payment.setState, { body: { id: row.id, state: on ? 'A' : 'S' } })}
              />
            ),
          },
        ]}
        permissions={{ add: PERMISSIONS.system.payment.add, edit: PERMISSIONS.system.payment.edit }}
        toolbar={() => (
          <Permission value={[PERMISSIONS.system.print.edit]}>
            <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
              小票打印设置
            </Button>
          </Permission>
        )}
        defaults={{ state: 'A', isApi: 'F', sort: 999, venueIds: [] }}
        toValues={(row) => ({ ...row, payMode: row.payMode as Values['payMode'], state: row.state as 'A' | 'S' })}
        create={(values) => callApi(payment.add, { body: values })}
        update={(row, values) => callApi(payment.edit, { body: { id: row.id, ...values } })}
        rowActions={(row, reload) => (
          <>
            {payChannel.isScanMode(row.payMode) && (
              <Permission value={[PERMISSIONS.system.payment.edit]}>
                <Button size="small" type="link" onClick={() => setMerchantOf(row)}>
                  商户参数
                </Button>
              </Permission>
            )}
            <Permission value={[PERMISSIONS.system.payment.del]}>
              <Button
                size="small"
                type="link"
                danger
                onClick={() =>
                  modal.confirm({
                    title: '提示',
                    content: `确定删除支付方式「${row.payName}」吗？`,
                    okText: '确定',
                    cancelText: '取消',
                    onOk: async () => {
                      await callApi(payment.remove, { params: { id: row.id } });
                      await reload();
                    },
                  })
                }
              >
                删除
              </Button>
            </Permission>
          </>
        )}
        formFields={() => (
          <>
            <Form.Item name="payName" label="名称" rules={textRules(fieldsOf(payment.add.body).payName)}>
              <Input />
            </Form.Item>
            <Form.Item name="payMode" label="渠道" rules={[{ required: true, message: Msg.chooseChannel }]}>
              <Select options={MODE_OPTIONS} />
            </Form.Item>
            <Form.Item name="isApi" label="需要付款码">
              <Radio.Group
                options={[
                  { value: 'T', label: '是（扫码支付）' },
                  { value: 'F', label: '否（现金类）' },
                ]}
              />
            </Form.Item>
            <Form.Item name="venueIds" label="适用场馆" rules={[{ required: true, message: Msg.chooseVenues }]}>
              <Select mode="multiple" options={venueGroups} optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
          </>
        )}
      />
      {printing && <PrintConfigDialog open onClose={() => setPrinting(false)} />}
      {merchantOf && payChannel.isScanMode(merchantOf.payMode) && (
        <ChannelConfigDialog
          payMode={merchantOf.payMode}
          venues={merchantOf.venueIds.map((id, i) => ({ id, name: merchantOf.venueNames[i] }))}
          onClose={() => setMerchantOf(null)}
        />
      )}
    </>
  );
}
