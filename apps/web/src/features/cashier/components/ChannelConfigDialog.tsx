import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import * as payChannel from '@venue/contract/pay-channel';
import * as payment from '@venue/contract/payment';
import { useApiMutation, useApiQuery } from '@/lib/query';

interface Props {
  payMode: payChannel.ScanMode;
  /** The venues the method is offered in: each may have its own setting over the tenant's. */
  venues: { id: number; name: string }[];
  onClose(): void;
}
type Values = { provider: 'simulator' | 'live'; baseUrl: string } & Record<string, string>;

/**
 * 商户参数 of a scan-code method: for all venues (the tenant's) or one venue (its own, over the
 * tenant's), 模拟通道 or the platform with the merchant's ids, keys and certificates. Secrets are
 * never shown again: a stored one says so, and a field left empty keeps it. 测试 makes a harmless
 * call with the saved setting and shows the platform's answer.
 */
export function ChannelConfigDialog({ payMode, venues, onClose }: Props) {
  const label = payment.payModeName(payMode);
  const [venueId, setVenueId] = useState<number>(payChannel.ALL_VENUES);
  const [form] = Form.useForm<Values>();
  const configs = useApiQuery(payChannel.list);
  const save = useApiMutation(payChannel.save, { invalidates: [payChannel.list, payment.queryPage] });
  const remove = useApiMutation(payChannel.remove, { invalidates: [payChannel.list] });
  const test = useApiMutation(payChannel.test);
  const current = configs.data?.find((c) => c.payMode === payMode && c.venueId === venueId);
  const provider = Form.useWatch('provider', form);
  const fields = payChannel.CHANNEL_FIELDS[payMode];

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ provider: current?.provider ?? 'live', baseUrl: current?.baseUrl ?? '', ...(current?.params ?? {}) });
    test.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refill when the chosen setting changes
  }, [current?.id, current?.updatedAt, venueId]);

  async function submit() {
    const v = await form.validateFields();
    const params = Object.fromEntries(fields.filter((f) => !f.secret).map((f) => [f.key, v[f.key] ?? '']));
    const secrets = Object.fromEntries(fields.filter((f) => f.secret && v[f.key]).map((f) => [f.key, v[f.key]]));
    await save.mutateAsync({ body: { payMode, venueId, provider: v.provider, baseUrl: v.baseUrl ?? '', params, secrets } });
  }

  return (
    <Modal open title={`${label} 商户参数`} width={720} onCancel={onClose} maskClosable={false} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label="适用范围"
          value={venueId}
          onChange={setVenueId}
          style={{ width: 320 }}
          options={[{ value: payChannel.ALL_VENUES, label: '全部场馆（默认）' }, ...venues.map((v) => ({ value: v.id, label: `${v.name}（单独设置）` }))]}
        />
        {!current && (
          <Alert
            type="info"
            showIcon
            message={venueId === payChannel.ALL_VENUES ? `尚未配置：未单独设置的场馆不能用${label}收款` : '该场馆未单独设置，使用全部场馆的设置'}
          />
        )}
        <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }}>
          <Form.Item name="provider" label="通道">
            <Radio.Group options={payChannel.PROVIDERS.map((p) => ({ value: p, label: payChannel.PROVIDER_LABELS[p] }))} />
          </Form.Item>
          {provider === 'simulator' && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="模拟通道仅供演示：任何付款码都能“付款”，不会真实收款" />
          )}
          {provider === 'live' && (
            <>
              <Form.Item name="baseUrl" label="接口地址" extra={`留空使用正式地址 ${payChannel.DEFAULT_BASE_URLS[payMode]}`}>
                <Input placeholder={payChannel.DEFAULT_BASE_URLS[payMode]} />
              </Form.Item>
              {fields.map((f) => {
                const stored = f.secret && current?.secretsSet.includes(f.key);
                const rules = f.optional || stored ? [] : [{ required: true, message: `请填写${f.label}` }];
                const placeholder = stored ? '已设置（不显示），留空则不修改' : f.placeholder;
                return (
                  <Form.Item key={f.key} name={f.key} label={f.label} rules={rules}>
                    {f.pem ? (
                      <Input.TextArea rows={3} placeholder={placeholder} autoComplete="off" spellCheck={false} />
                    ) : f.secret ? (
                      <Input.Password placeholder={placeholder} autoComplete="new-password" />
                    ) : (
                      <Input placeholder={placeholder} />
                    )}
                  </Form.Item>
                );
              })}
            </>
          )}
        </Form>
        {test.data && <Alert type={test.data.ok ? 'success' : 'error'} showIcon message={test.data.message} data-testid="channel-test-result" />}
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          {current && venueId !== payChannel.ALL_VENUES && (
            <Button autoInsertSpace={false} danger loading={remove.isPending} onClick={() => remove.mutate({ params: { id: current.id } })}>
              删除单独设置
            </Button>
          )}
          <Button autoInsertSpace={false} disabled={!current} loading={test.isPending} onClick={() => test.mutate({ body: { payMode, venueId } })}>
            测试
          </Button>
          <Button autoInsertSpace={false} onClick={onClose}>
            关闭
          </Button>
          <Button autoInsertSpace={false} type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}
