import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import * as system from '@venue/contract/system';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { DictDetailRow as DictEntry } from '@venue/contract/system';
import type { z } from 'zod';
import { Permission } from '@/components/Permission';
import { FormDialog } from '@/components/list/FormDialog';
import { usePagedList, type ListSource } from '@/components/list/usePagedList';
import { callApi } from '@/lib/http';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type DictRow = z.infer<typeof system.dictRow>;
interface DetailForm {
  label: string;
  value: string;
  sort: number;
}

/** The entries of the chosen dictionary; none before one is chosen. */
const DETAILS: ListSource<DictEntry, { dictName: string }> = {
  call: system.dictDetailList,
  fetch: (query, signal) => (query.dictName ? callApi(system.dictDetailList, { query }, { signal }) : Promise.resolve({ records: [], total: 0 })),
};

/** 字典管理: the code tables (left) and the entries of the chosen one (right). */
export default function DictPage() {
  const { modal } = App.useApp();
  const [chosen, setChosen] = useState<DictRow | null>(null);
  const [editing, setEditing] = useState<DictEntry | 'new' | null>(null);
  const dicts = usePagedList<DictRow, { blurry?: string }>(system.dictList, {});
  const details = usePagedList<DictEntry, { dictName: string }>(DETAILS, { dictName: '' });

  function choose(row: DictRow) {
    setChosen(row);
    details.search({ dictName: row.name });
  }

  async function save(values: DetailForm) {
    if (editing === 'new') await callApi(system.dictDetailAdd, { body: { dictName: chosen!.name, ...values } });
    else if (editing) await callApi(system.dictDetailEdit, { body: { id: editing.id, ...values } });
    await details.reload();
  }

  function remove(row: DictEntry) {
    modal.confirm({
      title: '提示',
      content: `确定删除字典项「${row.label}」吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await callApi(system.dictDetailDelete, { params: { id: row.id } });
        await details.reload();
      },
    });
  }

  return (
    <Row gutter={12}>
      <Col xs={24} lg={10}>
        <Card size="small" title="字典列表">
          <Input.Search
            placeholder="名称或描述"
            aria-label="搜索字典"
            allowClear
            onSearch={(blurry) => dicts.search({ blurry: blurry || undefined })}
            style={{ marginBottom: 8 }}
          />
          <Table<DictRow>
            rowKey="id"
            size="small"
            loading={dicts.loading}
            dataSource={dicts.records}
            pagination={dicts.pagination}
            onRow={(row) => ({
              onClick: () => choose(row),
              // Reachable by keyboard: Tab to a dictionary, Enter (or Space) opens its entries.
              tabIndex: 0,
              'aria-selected': row.id === chosen?.id,
              onKeyDown: (e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(row);
                }
              },
              style: { cursor: 'pointer', background: row.id === chosen?.id ? '#e6f4ff' : undefined },
            })}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '描述', dataIndex: 'description' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={chosen ? `字典详情：${chosen.description}` : '字典详情'}
          extra={
            chosen && (
              <Permission value={[PERMISSIONS.system.dict.add]}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增
                </Button>
              </Permission>
            )
          }
        >
          {chosen ? (
            <Table<DictEntry>
              rowKey="id"
              size="small"
              loading={details.loading}
              dataSource={details.records}
              pagination={details.pagination}
              columns={[
                { title: '字典标签', dataIndex: 'label' },
                {
                  title: '字典值',
                  dataIndex: 'value',
                  render: (value: string, row) => (
                    <Space size={4}>
                      {value}
                      {row.builtin && (
                        <Tooltip title="系统内置：不能删除，字典值不能修改">
                          <Tag>内置</Tag>
                        </Tooltip>
                      )}
                    </Space>
                  ),
                },
                { title: '排序', dataIndex: 'sort' },
                {
                  title: '操作',
                  key: 'actions',
                  width: 140,
                  render: (_, row) => (
                    <Space>
                      <Permission value={[PERMISSIONS.system.dict.edit]}>
                        <Button size="small" onClick={() => setEditing(row)}>
                          编辑
                        </Button>
                      </Permission>
                      <Permission value={[PERMISSIONS.system.dict.del]}>
                        <Tooltip title={row.builtin ? system.DICT_BUILTIN.del : undefined}>
                          <Button size="small" danger disabled={row.builtin} onClick={() => remove(row)} aria-label={`删除字典项${row.label}`}>
                            删除
                          </Button>
                        </Tooltip>
                      </Permission>
                    </Space>
                  ),
                },
              ]}
            />
          ) : (
            <Typography.Paragraph type="secondary" style={{ padding: 24, textAlign: 'center' }}>
              点击左侧字典查看详情
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <FormDialog<DetailForm>
        open={editing !== null}
        title={editing === 'new' ? '新增字典项' : '编辑字典项'}
        initialValues={editing && editing !== 'new' ? editing : { sort: 999 }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="label" label="字典标签" rules={textRules(fieldsOf(system.dictDetailAdd.body).label)}>
          <Input />
        </Form.Item>
        <Form.Item
          name="value"
          label="字典值"
          rules={textRules(fieldsOf(system.dictDetailAdd.body).value)}
          extra={editing && editing !== 'new' && editing.builtin ? system.DICT_BUILTIN.value : undefined}
        >
          <Input disabled={!!editing && editing !== 'new' && editing.builtin} />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormDialog>
    </Row>
  );
}
