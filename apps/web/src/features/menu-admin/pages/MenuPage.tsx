import { useState, type Key } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import * as menus from '@venue/contract/menus';
import * as roles from '@venue/contract/roles';
import * as system from '@venue/contract/system';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { MenuRow } from '@venue/contract/system';
import { menuIcon } from '@/components/MenuIcon';
import { Permission, usePermission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { callKey, useApiQuery, useInvalidate } from '@/lib/query';
import { toast } from '@/lib/notify';
import { MenuDialog } from '../components/MenuDialog';
import { treeRows, type TreeRow } from '../menu-rows';

const TYPE_COLORS = ['blue', 'green', 'default'];
const yes = (v: boolean) => (v ? '是' : '否');

/**
 * 菜单管理: the tenant's menu tree of directories, screens and buttons as a table whose levels load
 * when opened; search by title, route, component or permission code; add, add below, edit, delete
 * (a menu with entries below it is refused). The sidebar follows after a reload.
 */
export default function MenuPage() {
  // The levels opened so far (0: the top), each read through the query cache.
  const [pids, setPids] = useState<number[]>([0]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [blurry, setBlurry] = useState('');
  const [dialog, setDialog] = useState<{ editing: MenuRow | null; parent: MenuRow | null } | null>(null);
  const canAdd = usePermission([PERMISSIONS.system.menu.add]);
  const canEdit = usePermission([PERMISSIONS.system.menu.edit]);
  const invalidate = useInvalidate();
  const levels = useQueries({
    queries: pids.map((pid) => ({
      queryKey: callKey(system.menuList, { query: { pid } }),
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(system.menuList, { query: { pid } }, { signal }),
    })),
  });
  const found = useApiQuery(menus.menuQuery, { query: { blurry, size: 100 } }, { enabled: !!blurry });
  const loaded = new Map<number, MenuRow[]>();
  pids.forEach((pid, i) => {
    const data = levels[i]?.data;
    if (data) loaded.set(pid, data);
  });
  const loading = levels.some((l) => l.isFetching) || (!!blurry && found.isFetching);
  const reload = () => invalidate([system.menuList, menus.menuQuery, roles.menuGrantTree]);

  async function remove(row: MenuRow) {
    await callApi(menus.menuDelete, { body: [row.id] });
    toast.success('删除成功');
    await reload();
  }

  const columns: ColumnsType<TreeRow> = [
    {
      title: '菜单标题',
      dataIndex: 'title',
      render: (title: string, r) => (
        <span>
          {menuIcon(r.icon)} {title}
        </span>
      ),
    },
    { title: '类型', dataIndex: 'type', render: (t: 0 | 1 | 2) => <Tag color={TYPE_COLORS[t]}>{menus.MENU_TYPES[t]}</Tag> },
    { title: '排序', dataIndex: 'sort' },
    { title: '权限标识', dataIndex: 'permission', render: (p: string | null) => p ?? '' },
    { title: '组件路径', dataIndex: 'component', render: (c: string | null) => c ?? '' },
    { title: '路由地址', dataIndex: 'path' },
    { title: '外链', dataIndex: 'iFrame', render: yes },
    { title: '缓存', dataIndex: 'cache', render: (v: boolean, r) => (r.type === 1 ? yes(v) : '') },
    { title: '可见', dataIndex: 'hidden', render: (h: boolean, r) => (r.type === 2 ? '' : h ? '隐藏' : '显示') },
    {
      title: '操作',
      key: '__actions',
      fixed: 'right',
      width: 200,
      render: (_, row) => (
        <Space size={4} wrap>
          {canAdd && row.type !== 2 && (
            <Button size="small" type="link" onClick={() => setDialog({ editing: null, parent: row })}>
              新增下级
            </Button>
          )}
          {canEdit && (
            <Button size="small" type="link" onClick={() => setDialog({ editing: row, parent: null })}>
              编辑
            </Button>
          )}
          <Permission value={[PERMISSIONS.system.menu.del]}>
            <Popconfirm title={`确定删除菜单「${row.title}」吗？`} okText="确定" cancelText="取消" onConfirm={() => remove(row).catch(() => undefined)}>
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="菜单的修改在重新加载页面后反映到侧边栏；按钮是权限标识，授予角色后生效。" />
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="标题、路由、组件或权限标识"
          aria-label="搜索菜单"
          allowClear
          enterButton="搜索"
          onSearch={(v) => setBlurry(v.trim())}
          style={{ width: 320 }}
        />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null, parent: null })}>
            新增
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
          刷新
        </Button>
      </Space>
      <Table<TreeRow>
        rowKey="id"
        loading={loading}
        dataSource={blurry ? (found.data?.records ?? []) : treeRows(loaded)}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          onExpand: (open, row) => {
            if (open && row.hasChildren && !pids.includes(row.id)) setPids((p) => [...p, row.id]);
          },
        }}
      />
      <MenuDialog open={dialog !== null} editing={dialog?.editing ?? null} parent={dialog?.parent ?? null} onSaved={reload} onClose={() => setDialog(null)} />
    </div>
  );
}
