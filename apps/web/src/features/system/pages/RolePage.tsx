import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Popconfirm, Radio, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import * as roles from '@venue/contract/roles';
import { PERMISSIONS } from '@venue/contract/common/access';
import { DATA_SCOPES, type MenuGrantNode, type RoleRow } from '@venue/contract/roles';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';
import { grantLinks, toggleGrant } from '../grant-tree';

interface Values {
  roleCode: string;
  roleName: string;
  description?: string;
  level: number;
  dataScope: 'ALL' | 'OWN';
  menuIds: number[];
}
const FIELDS = fieldsOf(roles.roleAdd.body);
const TYPE_TAG = ['目录', '菜单', '按钮'];
const NO_NODES: MenuGrantNode[] = [];
const SCOPE_OPTIONS = Object.entries(DATA_SCOPES).map(([value, label]) => ({ value, label }));

const toTree = (nodes: MenuGrantNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.title} <Tag bordered={false}>{TYPE_TAG[n.type] ?? ''}</Tag>
        {n.permission && <small style={{ color: '#595959' }}>{n.permission}</small>}
      </span>
    ),
    children: n.children ? toTree(n.children) : undefined,
  }));

/**
 * The menus and buttons a role grants, as a checkable tree. Every node keeps its own state (a screen
 * may be granted without its buttons): checking one grants its subtree and the menus above it,
 * unchecking one takes its subtree away.
 */
function MenuTreeField({ value = [], onChange, nodes }: { value?: number[]; onChange?: (ids: number[]) => void; nodes: MenuGrantNode[] }) {
  const tree = useMemo(() => toTree(nodes), [nodes]);
  const links = useMemo(() => grantLinks(nodes), [nodes]);
  return (
    <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 4, padding: 8 }}>
      <Tree
        // Mounted again when the menus arrive: defaultExpandAll only expands what the first render had
        // (a dialog opened before the tree loaded showed it folded up).
        key={nodes.length ? 'loaded' : 'loading'}
        checkable
        checkStrictly
        defaultExpandAll
        treeData={tree}
        checkedKeys={value}
        onCheck={(_, info) => onChange?.(toggleGrant(value, links, info.node.key as number, info.checked))}
      />
    </div>
  );
}

/** 角色管理: roles, the menus and buttons each grants, and whose venues its users see. */
export default function RolePage() {
  const grantTree = useApiQuery(roles.menuGrantTree).data ?? NO_NODES;
  const body = (v: Values) => ({ roleName: v.roleName, description: v.description ?? '', level: v.level, dataScope: v.dataScope, menuIds: v.menuIds ?? [] });
  return (
    <CrudPage<RoleRow, { blurry?: string }, Values>
      entity="角色"
      rowKey="roleId"
      list={roles.roleList}
      searchFields={
        <Form.Item name="blurry">
          <Input placeholder="角色名称或编码" aria-label="关键字" allowClear />
        </Form.Item>
      }
      columns={[
        {
          title: '角色名称',
          dataIndex: 'roleName',
          render: (name: string, r) =>
            r.builtIn ? (
              <>
                {name} <Tag color="gold">内置</Tag>
              </>
            ) : (
              name
            ),
        },
        { title: '角色编码', dataIndex: 'roleCode' },
        { title: '数据范围', dataIndex: 'dataScope', render: (s: keyof typeof DATA_SCOPES) => DATA_SCOPES[s] ?? s },
        { title: '级别', dataIndex: 'level' },
        { title: '用户数', dataIndex: 'userCount' },
        { title: '描述', dataIndex: 'description' },
      ]}
      permissions={{ add: PERMISSIONS.system.role.add, edit: PERMISSIONS.system.role.edit }}
      defaults={{ dataScope: 'OWN', level: 3, menuIds: [] }}
      create={(v) => callApi(roles.roleAdd, { body: { ...body(v), roleCode: v.roleCode } })}
      update={(row, v) => {
        if (row.builtIn) return Promise.reject(new Error(roles.ROLE_MESSAGES.builtIn));
        return callApi(roles.roleEdit, { body: { ...body(v), roleId: row.roleId } });
      }}
      rowActions={(row, reload) =>
        !row.builtIn && (
          <Permission value={[PERMISSIONS.system.role.del]}>
            <Popconfirm
              title={`确定删除角色「${row.roleName}」吗？`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => callApi(roles.roleDelete, { params: { id: row.roleId } }).then(reload)}
            >
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          </Permission>
        )
      }
      formFields={(_, editing) =>
        editing?.builtIn ? (
          <p>{roles.ROLE_MESSAGES.builtIn}：超级管理员拥有全部菜单、按钮与场馆。</p>
        ) : (
          <>
            <Form.Item name="roleName" label="角色名称" rules={textRules(FIELDS.roleName)}>
              <Input />
            </Form.Item>
            <Form.Item name="roleCode" label="角色编码" rules={textRules(FIELDS.roleCode)}>
              <Input disabled={!!editing} />
            </Form.Item>
            <Form.Item name="dataScope" label="数据范围" rules={[{ required: true, message: '请选择数据范围' }]}>
              <Radio.Group options={SCOPE_OPTIONS} />
            </Form.Item>
            <Form.Item name="level" label="级别">
              <InputNumber min={1} max={99} precision={0} />
            </Form.Item>
            <Form.Item name="description" label="描述" rules={textRules(FIELDS.description)}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="menuIds" label="菜单权限">
              <MenuTreeField nodes={grantTree} />
            </Form.Item>
          </>
        )
      }
    />
  );
}
