import { useState } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import * as system from '@venue/contract/system';
import * as users from '@venue/contract/users';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { FormDialog } from '@/components/list/FormDialog';
import { Permission } from '@/components/Permission';
import { STATE_OPTIONS, StateSwitch } from '@/components/StateSwitch';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { formatTime } from '@/lib/format';
import { callApi } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';
import { rules } from '@/lib/validators';

type UserRow = z.infer<typeof system.userRow>;
interface Filters {
  blurry?: string;
  state?: 'A' | 'S';
}
interface Values {
  username: string;
  password: string;
  realName: string;
  phone?: string;
  roleIds: number[];
  venueIds: number[];
  defaultVenueId?: number | null;
}
const ADD = fieldsOf(users.userAdd.body);

/** The default venue is one of the venues chosen: its options follow that choice. */
function DefaultVenue({ groups }: { groups: ReturnType<typeof useVenueGroups> }) {
  const chosen: number[] = Form.useWatch('venueIds') ?? [];
  const options = groups.flatMap((g) => g.options).filter((o) => chosen.includes(o.value));
  return (
    <Form.Item name="defaultVenueId" label="默认场馆" extra="登录后进入的场馆；不选则为第一个可用场馆">
      <Select allowClear options={options} placeholder="请选择默认场馆" />
    </Form.Item>
  );
}

/** 用户管理: staff with their roles, the venues they work in and the default one; enable/disable and password reset. */
export default function UserPage() {
  const venueGroups = useVenueGroups();
  const roles = useApiQuery(users.roleOptions).data ?? [];
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const roleOptions = roles.map((r) => ({ value: r.roleId, label: r.roleName }));
  const body = (values: Values) => ({
    realName: values.realName,
    phone: values.phone ?? '',
    roleIds: values.roleIds,
    venueIds: values.venueIds ?? [],
    defaultVenueId: values.defaultVenueId ?? null,
  });
  return (
    <>
      <CrudPage<UserRow, Filters, Values>
        entity="用户"
        rowKey="userId"
        list={system.userList}
        searchFields={
          <>
            <Form.Item name="blurry">
              <Input placeholder="用户名、姓名或电话" aria-label="关键字" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear style={{ width: 120 }} options={STATE_OPTIONS} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '用户名', dataIndex: 'username' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '电话', dataIndex: 'phone' },
          { title: '角色', dataIndex: 'roleNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
          { title: '当前场馆', dataIndex: 'currentVenueName' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 110,
            render: (_, row) => (
              <StateSwitch
                checked={row.state === 'A'}
                permission={PERMISSIONS.system.user.state}
                onChange={(on) => callApi(users.userSetState, { body: { userId: row.userId, state: on ? 'A' : 'S' } })}
              />
            ),
          },
          { title: '创建时间', dataIndex: 'createTime', render: formatTime },
        ]}
        permissions={{ add: PERMISSIONS.system.user.add, edit: PERMISSIONS.system.user.edit }}
        defaults={{ roleIds: [], venueIds: [] }}
        toValues={(row) => ({ ...row, phone: row.phone ?? '' })}
        create={(values) => callApi(users.userAdd, { body: { ...body(values), username: values.username, password: values.password } })}
        update={(row, values) => callApi(users.userEdit, { body: { ...body(values), userId: row.userId } })}
        rowActions={(row) => (
          <Permission value={[PERMISSIONS.system.user.resetPass]}>
            <Button size="small" type="link" onClick={() => setResetting(row)}>
              重置密码
            </Button>
          </Permission>
        )}
        actionWidth={170}
        formFields={(_, editing) => (
          <>
            <Form.Item name="username" label="用户名" rules={textRules(ADD.username)}>
              <Input disabled={!!editing} autoComplete="off" />
            </Form.Item>
            {!editing && (
              <Form.Item name="password" label="初始密码" rules={textRules(ADD.password)} extra="用户首次登录时须修改密码">
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
            <Form.Item name="realName" label="姓名" rules={textRules(ADD.realName)}>
              <Input />
            </Form.Item>
            <Form.Item name="phone" label="电话" rules={[rules.mobile]}>
              <Input inputMode="numeric" />
            </Form.Item>
            <Form.Item name="roleIds" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
              <Select mode="multiple" options={roleOptions} placeholder="请选择角色" optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="venueIds" label="可用场馆" extra="管理员可在全部场馆工作">
              <Select mode="multiple" options={venueGroups} placeholder="请选择可用场馆" optionFilterProp="label" />
            </Form.Item>
            <DefaultVenue groups={venueGroups} />
          </>
        )}
      />
      <FormDialog<{ password: string }>
        open={resetting !== null}
        title={`重置密码：${resetting?.username ?? ''}`}
        onSubmit={({ password }) => callApi(users.userResetPassword, { body: { userId: resetting!.userId, password } })}
        onClose={() => setResetting(null)}
      >
        <Form.Item
          name="password"
          label="新密码"
          rules={textRules(fieldsOf(users.userResetPassword.body).password)}
          extra="该用户的登录将立即失效，下次登录须修改密码"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </FormDialog>
    </>
  );
}
