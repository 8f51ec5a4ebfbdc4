import { useEffect } from 'react';
import { Button, Card, Form, Input, Skeleton, Switch, Tag } from 'antd';
import type { CallBody } from '@venue/contract';
import * as system from '@venue/contract/system';
import * as tenant from '@venue/contract/tenant';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { PictureUpload } from '@/components/PictureUpload';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';
import { useSession } from '@/lib/session';

type Values = CallBody<typeof tenant.edit>;
const FIELDS = fieldsOf(tenant.edit.body);

/**
 * 租户信息 (issue 15, spec 2.4): the tenant's name, the home-page logo the sidebar shows, the footer
 * text and case number under the menu, and the services the tenant has. A save shows at once.
 */
export default function TenantPage() {
  const [form] = Form.useForm<Values>();
  const settings = useApiQuery(tenant.settings);
  const services = useApiQuery(system.tenantServices).data ?? [];
  const save = useApiMutation(tenant.edit, { invalidates: [tenant.settings, system.tenantInfo, system.globalSetting] });
  const mayEdit = usePermission([PERMISSIONS.system.tenant.edit]);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  async function submit(values: Values) {
    const saved = await save.mutateAsync({ body: values });
    // The sidebar's logo and footer follow without a reload.
    useSession.setState((s) => ({
      logo: saved.homePageLogo,
      globalSettings: { ...s.globalSettings, showFooter: String(saved.showFooter), footerTxt: saved.footerTxt, caseNumber: saved.caseNumber },
    }));
    toast.success('保存成功');
  }

  return (
    <Card title="租户信息" style={{ maxWidth: 760 }}>
      {!settings.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} labelCol={{ flex: '110px' }} disabled={!mayEdit} onFinish={(v) => void submit(v).catch(() => undefined)}>
          <Form.Item label="租户编号">{settings.data.tenantId}</Form.Item>
          <Form.Item name="tenantName" label="租户名称" rules={textRules(FIELDS.tenantName)}>
            <Input />
          </Form.Item>
          <Form.Item name="homePageLogo" label="首页Logo" extra="显示在侧边栏顶部；JPG、PNG、GIF 或 WEBP，不超过 2MB">
            <PictureUpload alt="首页Logo" />
          </Form.Item>
          <Form.Item name="showFooter" label="显示页脚" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="footerTxt" label="页脚文字" rules={textRules(FIELDS.footerTxt)}>
            <Input placeholder="如 © 2026 某某体育" />
          </Form.Item>
          <Form.Item name="caseNumber" label="备案号" rules={textRules(FIELDS.caseNumber)}>
            <Input placeholder="如 浙ICP备00000000号" />
          </Form.Item>
          <Form.Item label="已开通服务">
            {services.length === 0
              ? '暂无'
              : services.map((s) => <Tag key={s.serviceCode} color={s.enabled ? 'blue' : 'default'}>{`${s.serviceName}${s.enabled ? '' : '（未启用）'}`}</Tag>)}
          </Form.Item>
          {mayEdit && (
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </Form.Item>
          )}
        </Form>
      )}
    </Card>
  );
}
