import sharp from 'sharp';
import { expect, it } from 'vitest';
import { audit, goods, system, tenant } from '@venue/contract';
import { describeEachEngine } from './harness.ts';

/** Issue 15: 租户信息 — the tenant's name, home-page logo, footer text and case number, each change once in 操作日志. */
describeEachEngine('tenant settings on %s', (server) => {
  const { admin, cashier, other } = server;
  const body = { tenantName: '阳光体育', homePageLogo: '/logo.svg', showFooter: true, footerTxt: '© 2026 阳光体育', caseNumber: '浙ICP备00000001号' };

  it('shows the name, logo, footer and case number the seed set', async () => {
    const { data } = (await admin.call(tenant.settings)).body;
    expect(data).toEqual({
      tenantId: 1,
      tenantName: '阳光体育运营集团',
      homePageLogo: '/logo.svg',
      showFooter: true,
      footerTxt: '© 2026 阳光体育运营集团',
      caseNumber: '',
    });
    expect((await admin.call(system.tenantServices)).body.data.map((s: { serviceName: string }) => s.serviceName)).toContain('商品销售');
  });

  it('saves an uploaded logo, the name, footer and case number; the layout reads them; once in 操作日志', async () => {
    const picture = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#1890ff' } })
      .png()
      .toBuffer();
    const uploaded = (await admin.upload<{ url: string }>(goods.uploadPicture.path, { bytes: picture, name: 'logo.png', type: 'image/png' })).body;
    expect(uploaded.code).toBe(200);
    const saved = (await admin.call(tenant.edit, { body: { ...body, homePageLogo: uploaded.data.url } })).body;
    expect(saved).toMatchObject({ code: 200, data: { ...body, homePageLogo: uploaded.data.url, tenantId: 1 } });
    expect((await admin.call(system.tenantInfo)).body.data).toEqual({ tenantId: 1, tenantName: '阳光体育', homePageLogo: uploaded.data.url });
    expect((await cashier.call(system.globalSetting)).body.data).toMatchObject({
      showFooter: 'true',
      footerTxt: '© 2026 阳光体育',
      caseNumber: '浙ICP备00000001号',
    });

    const log = (await admin.call(audit.auditQuery, { query: { keyword: '租户 1', size: 20 } })).body.data.records;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['tenant.edit']);
    expect(log[0].before).toContain('阳光体育运营集团');
    expect(log[0].after).toContain('浙ICP备00000001号');

    // No footer: switched off, and the logo taken away.
    await admin.call(tenant.edit, { body: { ...body, homePageLogo: null, showFooter: false } });
    expect((await admin.call(system.tenantInfo)).body.data.homePageLogo).toBeNull();
    expect((await admin.call(system.globalSetting)).body.data.showFooter).toBe('false');
  });

  it('refuses a blank name, a logo that is not an uploaded picture, and another tenant’s picture', async () => {
    expect((await admin.call(tenant.edit, { body: { ...body, tenantName: '  ' } })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('请输入租户名称'),
    });
    expect((await admin.call(tenant.edit, { body: { ...body, tenantName: 'x'.repeat(51) } })).body.msg).toContain('租户名称不能超过50个字符');
    expect((await admin.call(tenant.edit, { body: { ...body, footerTxt: 'x'.repeat(101) } })).body.msg).toContain('页脚文字不能超过100个字符');
    for (const homePageLogo of ['https://evil.example/logo.png', '/uploads/1/../../secret.key', 'javascript:alert(1)'])
      expect((await admin.call(tenant.edit, { body: { ...body, homePageLogo } })).body).toMatchObject({
        code: 400,
        msg: expect.stringContaining('请上传首页Logo图片'),
      });
    expect((await admin.call(tenant.edit, { body: { ...body, homePageLogo: '/uploads/2/0b0c7f7e-1111-4222-8333-944445555666.png' } })).body).toMatchObject({
      code: -9000,
      msg: '首页Logo图片不存在',
    });
  });

  it('is the admin’s: a cashier may neither see nor change it; a tenant changes only its own', async () => {
    expect(await cashier.call(tenant.settings)).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await cashier.call(tenant.edit, { body })).toMatchObject({ status: 403, body: { code: 510 } });
    await other.call(tenant.edit, { body: { ...body, tenantName: '星河体育' } });
    expect((await other.call(tenant.settings)).body.data).toMatchObject({ tenantId: 2, tenantName: '星河体育' });
    expect((await admin.call(tenant.settings)).body.data.tenantName).toBe('阳光体育');
  });
});
