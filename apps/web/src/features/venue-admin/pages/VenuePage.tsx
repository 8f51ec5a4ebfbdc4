import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Switch, Tag, Tooltip } from 'antd';
import * as venue from '@venue/contract/venue';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { VenueRow } from '@venue/contract/venue';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { fieldsOf, schemaRule, textRules } from '@/lib/schema-rules';
import { CenterDialog } from '../components/CenterDialog';
import { ClosuresDialog } from '../components/ClosuresDialog';
import { VenueItemsDialog } from '../components/VenueItemsDialog';

const P = PERMISSIONS.system.venue;
const F = fieldsOf(venue.venueAdd.body);
type Values = {
  venueName: string;
  centerId: number;
  address?: string;
  phone?: string;
  openTime: string;
  closeTime: string;
  state: 'A' | 'S';
  sort: number;
  remark?: string;
  boardPublic: 'T' | 'F';
};
interface Filters {
  blurry?: string;
  centerId?: number;
  state?: 'A' | 'S';
}

/** 场馆管理: centers (中心管理), venues with their hours, each venue's sports items (项目设置) and closures (闭馆设置). */
export default function VenuePage() {
  const [dialog, setDialog] = useState<{ kind: 'items' | 'closures'; venue: VenueRow; reload: () => Promise<void> } | { kind: 'centers' } | null>(null);
  const centers = useApiQuery(venue.centerAll).data ?? [];
  const invalidate = useInvalidate();
  const mayItems = usePermission([P.item]);
  const mayClose = usePermission([P.close]);
  const mayCenters = usePermission([P.add]);
  const centerOptions = centers.map((c) => ({ value: c.centerId, label: c.state === 'A' ? c.centerName : `${c.centerName}（停用）` }));

  return (
    <>
      <CrudPage<VenueRow, Filters, Values>
        entity="场馆"
        rowKey="venueId"
        list={venue.venueAll}
        searchFields={
          <>
            <Form.Item name="blurry">
              <Input placeholder="场馆名称或地址" aria-label="场馆名称或地址" allowClear />
            </Form.Item>
            <Form.Item name="centerId">
              <Select placeholder="所属中心" aria-label="所属中心" allowClear options={centerOptions} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '场馆名称', dataIndex: 'venueName' },
          { title: '所属中心', dataIndex: 'centerName' },
          { title: '地址', dataIndex: 'address' },
          { title: '联系电话', dataIndex: 'phone', width: 140 },
          { title: '营业时间', key: 'hours', width: 120, render: (_, r) => `${r.openTime}-${r.closeTime}` },
          {
            title: '运动项目',
            dataIndex: 'itemCount',
            width: 110,
            render: (n: number) =>
              n ? (
                `${n} 个`
              ) : (
                <Tooltip title={venue.VENUE_NO_ITEMS}>
                  <Tag color="warning">未设置项目</Tag>
                </Tooltip>
              ),
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 100,
            render: (state: string, r) => (
              <StateSwitch
                checked={state === 'A'}
                permission={P.edit}
                onChange={(next) => callApi(venue.venueSetState, { body: { venueId: r.venueId, state: next ? 'A' : 'S' } })}
              />
            ),
          },
        ]}
        permissions={{ add: P.add, edit: P.edit }}
        defaults={{ state: 'A', sort: 0, openTime: '08:00', closeTime: '22:00', boardPublic: 'F' }}
        create={(values) => callApi(venue.venueAdd, { body: values }).then(() => invalidate([venue.centerAll]))}
        update={(row, values) => callApi(venue.venueEdit, { body: { venueId: row.venueId, ...values } }).then(() => invalidate([venue.centerAll]))}
        actionWidth={240}
        toolbar={() =>
          mayCenters && (
            <Button onClick={() => setDialog({ kind: 'centers' })} aria-haspopup="dialog">
              中心管理
            </Button>
          )
        }
        rowActions={(row, reload) => (
          <>
            {mayItems && (
              <Button size="small" type="link" onClick={() => setDialog({ kind: 'items', venue: row, reload })}>
                项目设置
              </Button>
            )}
            {mayClose && (
              <Button size="small" type="link" onClick={() => setDialog({ kind: 'closures', venue: row, reload })}>
                闭馆设置
              </Button>
            )}
          </>
        )}
        formFields={() => (
          <>
            <Form.Item name="venueName" label="场馆名称" rules={textRules(F.venueName)}>
              <Input />
            </Form.Item>
            <Form.Item
              name="centerId"
              label="所属中心"
              rules={[{ required: true, message: '请选择所属中心' }]}
              extra={centers.length ? undefined : '还没有中心：请先在「中心管理」中新增中心'}
            >
              <Select options={centerOptions} placeholder="请选择所属中心" showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="address" label="地址" rules={textRules(F.address)}>
              <Input />
            </Form.Item>
            <Form.Item name="phone" label="联系电话" rules={[schemaRule(F.phone)]}>
              <Input placeholder="手机号或固话，如0571-88000001" />
            </Form.Item>
            <Form.Item name="openTime" label="开馆时间" rules={[{ required: true, message: '请输入开馆时间' }, schemaRule(F.openTime)]}>
              <Input placeholder="HH:mm，如08:00" maxLength={5} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="closeTime" label="闭馆时间" rules={[{ required: true, message: '请输入闭馆时间' }, schemaRule(F.closeTime)]}>
              <Input placeholder="HH:mm，如22:00" maxLength={5} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={textRules(F.remark)}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item
              name="boardPublic"
              label="公开看板"
              extra="开启后，本场馆的数据看板、场地看板、客流看板和大屏无需登录即可打开"
              getValueProps={(v: string) => ({ checked: v === 'T' })}
              normalize={(checked: boolean) => (checked ? 'T' : 'F')}
            >
              <Switch aria-label="公开看板" checkedChildren="公开" unCheckedChildren="不公开" />
            </Form.Item>
          </>
        )}
      />
      <CenterDialog open={dialog?.kind === 'centers'} onClose={() => setDialog(null)} />
      {dialog?.kind === 'items' && (
        <VenueItemsDialog
          venue={dialog.venue}
          onClose={() => {
            setDialog(null);
            void dialog.reload();
          }}
        />
      )}
      {dialog?.kind === 'closures' && <ClosuresDialog venue={dialog.venue} onClose={() => setDialog(null)} />}
    </>
  );
}
