import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { system } from '@venue/contract';
import type { z } from 'zod';
import { usePagedList } from '@/components/list/usePagedList';
import { formatTime } from '@/lib/format';

type UserRow = z.infer<typeof system.userRow>;
interface Filters {
  blurry?: string;
  state?: 'A' | 'S';
}

/** 用户管理: the tenant's staff, their roles and the venue each is working in. */
export default function UserPage() {
  const list = usePagedList<UserRow, Filters>(system.userList, {});
  return (
    <div>
      <Form layout="inline" onFinish={(v: Filters) => list.search(v)} style={{ marginBottom: 12 }}>
        <Form.Item name="blurry">
          <Input placeholder="用户名、姓名或电话" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            placeholder="状态"
            aria-label="状态"
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'A', label: '启用' },
              { value: 'S', label: '停用' },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Space>
      </Form>
      <Table<UserRow>
        rowKey="userId"
        loading={list.loading}
        dataSource={list.records}
        pagination={list.pagination}
        columns={[
          { title: '用户名', dataIndex: 'username' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '电话', dataIndex: 'phone' },
          { title: '角色', dataIndex: 'roleNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
          { title: '当前场馆', dataIndex: 'currentVenueName' },
          { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'A' ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
          { title: '创建时间', dataIndex: 'createTime', render: formatTime },
        ]}
      />
    </div>
  );
}
