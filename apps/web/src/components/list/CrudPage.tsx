import { useState, type ReactNode } from 'react';
import { Button, Form, Space, Table, type FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Page, Permission } from '@venue/contract';
import { usePermission } from '@/components/Permission';
import { FormDialog } from './FormDialog';
import { usePagedList, type ListSource } from './usePagedList';

export interface CrudPageProps<Row extends object, Filters extends object, Values extends object> {
  /** The thing a row is, for dialog titles: 新增{entity} / 编辑{entity}. */
  entity: string;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  /** The paged call the table shows (see ListSource). */
  list: ListSource<Row, Filters>;
  /** Form.Items of the inline search form; `toFilters` turns its values into the query (date ranges). */
  searchFields?: ReactNode;
  toFilters?: (values: Record<string, unknown>) => Filters;
  /** The query before any search (a filter from the address); none: all rows. */
  initialFilters?: Filters;
  columns: ColumnsType<Row>;
  permissions?: { add?: Permission; edit?: Permission };
  /** Form.Items of the add/edit dialog (700 px). */
  formFields?: (form: FormInstance<Values>, editing: Row | null) => ReactNode;
  toValues?: (row: Row) => Partial<Values>;
  defaults?: Partial<Values>;
  create?: (values: Values) => Promise<unknown>;
  update?: (row: Row, values: Values) => Promise<unknown>;
  /** Buttons after 编辑 in the 操作 column. */
  rowActions?: (row: Row, reload: () => Promise<void>) => ReactNode;
  /** Buttons after 新增 in the toolbar; `filters` are the current search (for exports). */
  toolbar?: (reload: () => Promise<void>, filters: Filters) => ReactNode;
  actionWidth?: number;
  pageSize?: number;
}

/**
 * The list-and-dialog pattern every admin screen uses: search fields, server paging (20 per page,
 * sizes 1-100, total/sizes/prev/pager/next/jumper), 新增 and 编辑 in a 700 px dialog, row actions.
 */
export function CrudPage<Row extends object, Filters extends object, Values extends object>(props: CrudPageProps<Row, Filters, Values>) {
  const {
    entity,
    rowKey,
    list: source,
    searchFields,
    toFilters,
    columns,
    permissions = {},
    formFields,
    toValues,
    defaults,
    create,
    update,
    rowActions,
    toolbar,
  } = props;
  const [searchForm] = Form.useForm();
  const list = usePagedList<Row, Filters>(source, props.initialFilters ?? ({} as Filters), props.pageSize);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const addAllowed = usePermission(permissions.add ? [permissions.add] : []);
  const editAllowed = usePermission(permissions.edit ? [permissions.edit] : []);
  const canAdd = (!permissions.add || addAllowed) && !!create;
  const canEdit = (!permissions.edit || editAllowed) && !!update;

  const search = (values: Record<string, unknown>) => list.search(toFilters ? toFilters(values) : (values as Filters));
  const actionColumn: ColumnsType<Row> =
    canEdit || rowActions
      ? [
          {
            title: '操作',
            key: '__actions',
            fixed: 'right',
            width: props.actionWidth ?? 160,
            render: (_, row) => (
              <Space size={4} wrap>
                {canEdit && formFields && (
                  <Button size="small" type="link" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                )}
                {rowActions?.(row, list.reload)}
              </Space>
            ),
          },
        ]
      : [];

  async function save(values: Values) {
    if (editing === 'new') await create!(values);
    else if (editing) await update!(editing, values);
    await list.reload();
  }

  return (
    <div>
      {searchFields && (
        <Form form={searchForm} name="search" layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
          {searchFields}
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                searchForm.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form>
      )}
      {(canAdd || toolbar) && (
        <Space style={{ marginBottom: 12 }}>
          {canAdd && formFields && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          )}
          {toolbar?.(list.reload, list.filters)}
        </Space>
      )}
      <Table<Row>
        rowKey={rowKey}
        loading={list.loading}
        dataSource={list.records}
        pagination={list.pagination}
        columns={[...columns, ...actionColumn]}
        scroll={{ x: 'max-content' }}
      />
      {formFields && (
        <FormDialog<Values>
          open={editing !== null}
          title={`${editing === 'new' ? '新增' : '编辑'}${entity}`}
          initialValues={editing && editing !== 'new' ? (toValues ? toValues(editing) : (editing as Partial<Values>)) : defaults}
          onSubmit={save}
          onClose={() => setEditing(null)}
        >
          {(form) => formFields(form, editing && editing !== 'new' ? editing : null)}
        </FormDialog>
      )}
    </div>
  );
}

/** Page of an unpaged list, so short lists (classifications) use the same screen pattern. */
export function pageLocally<Row>(rows: Row[], current: number, size: number): Page<Row> {
  return { records: rows.slice((current - 1) * size, current * size), total: rows.length };
}
