import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import * as marketing from '@venue/contract/marketing';
import { PROVIDER_LABELS, PROVIDERS } from '@venue/contract/marketing';
import { FormDialog } from '@/components/list/FormDialog';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';

type Values = { provider: 'simulator' | 'douyin'; baseUrl: string; clientKey: string; clientSecret: string; poiId: string };

/** 平台设置 of the current venue: simulator or the real platform, its client key, secret (write-only) and store id. */
export function PlatformSettings() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const [open, setOpen] = useState(false);
  const config = useApiQuery(marketing.configGet, { query: { venueId: venueId ?? 0 } }, { enabled: open && !!venueId });
  const save = useApiMutation(marketing.configSave, { invalidates: [marketing.configGet] });
  if (!venueId) return null;
  const current = config.data;
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        平台设置
      </Button>
      {open && !config.isFetching && (
        <FormDialog<Values>
          open
          title="短视频平台设置（当前场馆）"
          initialValues={{
            provider: current?.provider ?? 'simulator',
            baseUrl: current?.baseUrl ?? '',
            clientKey: current?.clientKey ?? '',
            poiId: current?.poiId ?? '',
          }}
          onSubmit={(values) => save.mutateAsync({ body: { ...values, venueId } })}
          onClose={() => setOpen(false)}
        >
          <Form.Item name="provider" label="平台" rules={[{ required: true, message: '请选择平台' }]}>
            <Select options={PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))} />
          </Form.Item>
          <Form.Item name="baseUrl" label="接口地址">
            <Input placeholder="https://open.douyin.com" />
          </Form.Item>
          <Form.Item name="clientKey" label="Client Key">
            <Input />
          </Form.Item>
          <Form.Item name="clientSecret" label="Client Secret" extra={current?.secretSet ? '已保存（加密），留空则不修改' : undefined}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="poiId" label="门店ID（poi_id）" rules={[{ required: true, message: '请输入门店ID' }]}>
            <Input />
          </Form.Item>
        </FormDialog>
      )}
    </>
  );
}
