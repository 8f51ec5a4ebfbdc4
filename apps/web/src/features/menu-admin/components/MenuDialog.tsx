import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Radio, Select, TreeSelect, type FormInstance } from 'antd';
import * as menus from '@venue/contract/menus';
import * as system from '@venue/contract/system';
import { ALL_PERMISSIONS } from '@venue/contract/common/access';
import type { MenuRow } from '@venue/contract/system';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { fieldsOf, textRules } from '@/lib/schema-rules';
import { flatten, parentOptions, type ParentOption } from '../menu-rows';
import { IconPicker } from './IconPicker';

export interface MenuValues {
  type: 0 | 1 | 2;
  pid: number;
  title: string;
  path?: string;
  component?: string | null;
  icon?: string | null;
  permission?: string | null;
  sort: number;
  hidden: boolean;
  cache: boolean;
  alwaysShow: boolean;
  iFrame: boolean;
}
const FIELDS = fieldsOf(menus.menuAdd.body);
const TYPE_OPTIONS = Object.entries(menus.MENU_TYPES).map(([value, label]) => ({ value: Number(value), label }));
const YES_NO = [
  { value: true, label: '是' },
  { value: false, label: '否' },
];
const FOLDER_COMPONENTS = menus.MENU_WRAPPERS.map((c) => ({ value: c, label: c }));
const SCREEN_COMPONENTS = menus.MENU_COMPONENTS.filter((c) => !(menus.MENU_WRAPPERS as readonly string[]).includes(c)).map((c) => ({ value: c, label: c }));
const PERMISSION_OPTIONS = ALL_PERMISSIONS.map((p) => ({ value: p, label: p }));
const TOP: ParentOption = { value: 0, title: '顶级类目', pId: -1, isLeaf: false, disabled: false };

/** 上级类目: the menu tree loaded level by level, opened along the chain to the current parent. */
function ParentPicker({ value, onChange, editingId, start }: { value?: number; onChange?: (v: number) => void; editingId?: number; start?: number }) {
  const [options, setOptions] = useState<ParentOption[]>([TOP]);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  useEffect(() => {
    let live = true;
    (async () => {
      const below = editingId ? new Set(await callApi(menus.menuChild, { query: { id: editingId } })) : new Set<number>();
      const rows = start ? flatten(await callApi(menus.menuSuperior, { body: [start] })) : await callApi(system.menuList, { query: { pid: 0 } });
      if (live) {
        setExcluded(below);
        setOptions([TOP, ...parentOptions(rows, below)]);
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // Loaded once per opening: the chain to the parent the dialog opened with.
  }, [editingId, start]);
  async function loadData(node: { value?: string | number }) {
    const pid = Number(node.value);
    if (options.some((o) => o.pId === pid)) return;
    const rows: MenuRow[] = await callApi(system.menuList, { query: { pid } });
    setOptions((o) => [...o, ...parentOptions(rows, excluded).filter((r) => !o.some((x) => x.value === r.value))]);
  }
  return (
    <TreeSelect
      aria-label="上级类目"
      treeDataSimpleMode={{ id: 'value', pId: 'pId', rootPId: -1 }}
      treeData={options}
      loadData={loadData}
      value={value}
      onChange={onChange}
      treeDefaultExpandedKeys={[0]}
      treeNodeFilterProp="title"
      showSearch
    />
  );
}

/** The fields of one entry, by its type: a button is a permission only; a directory or screen is a route or an external link. */
function MenuFields({ form, editing, parent }: { form: FormInstance<MenuValues>; editing: MenuRow | null; parent: MenuRow | null }) {
  const type = Form.useWatch('type', form) ?? 0;
  const iFrame = Form.useWatch('iFrame', form) ?? false;
  const button = type === 2;
  return (
    <>
      <Form.Item name="type" label="菜单类型">
        <Radio.Group options={TYPE_OPTIONS} optionType="button" />
      </Form.Item>
      <Form.Item name="title" label={button ? '按钮名称' : '菜单标题'} rules={textRules(FIELDS.title)}>
        <Input />
      </Form.Item>
      <Form.Item
        name="pid"
        label="上级类目"
        rules={button ? [{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(menus.MENU_MESSAGES.buttonAtTop))) }] : []}
      >
        <ParentPicker editingId={editing?.id} start={editing ? (editing.pid ?? undefined) : parent?.id} />
      </Form.Item>
      {!button && (
        <>
          <Form.Item name="icon" label="菜单图标">
            <IconPicker />
          </Form.Item>
          <Form.Item name="iFrame" label="外链菜单" tooltip="外链在新标签页打开">
            <Radio.Group options={YES_NO} />
          </Form.Item>
          <Form.Item
            name="path"
            label={iFrame ? '外链地址' : '路由地址'}
            rules={[
              { required: true, whitespace: true, message: menus.MENU_MESSAGES.needPath },
              iFrame
                ? { pattern: /^https?:\/\//i, message: menus.MENU_MESSAGES.externalPath }
                : { pattern: /^\/?[A-Za-z0-9_\-./]+$/, message: menus.MENU_MESSAGES.badPath },
            ]}
          >
            <Input placeholder={iFrame ? 'https://' : '如 goods、report'} />
          </Form.Item>
          {!iFrame && (
            <Form.Item
              name="component"
              label="组件路径"
              rules={type === 1 ? [{ required: true, message: menus.MENU_MESSAGES.needComponent }] : []}
              extra={type === 0 ? '留空：顶层为 Layout，下级为 ParentView' : undefined}
            >
              <Select aria-label="组件路径" allowClear showSearch options={type === 0 ? FOLDER_COMPONENTS : SCREEN_COMPONENTS} />
            </Form.Item>
          )}
          <Form.Item name="hidden" label="菜单可见">
            <Radio.Group
              options={[
                { value: false, label: '显示' },
                { value: true, label: '隐藏' },
              ]}
            />
          </Form.Item>
          {type === 1 && (
            <Form.Item name="cache" label="菜单缓存">
              <Radio.Group options={YES_NO} />
            </Form.Item>
          )}
          {type === 0 && (
            <Form.Item name="alwaysShow" label="总是显示" tooltip="否：只有一个下级时直接显示该下级">
              <Radio.Group options={YES_NO} />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item name="permission" label="权限标识" rules={button ? [{ required: true, message: menus.MENU_MESSAGES.needPermission }] : []}>
        <Select aria-label="权限标识" allowClear showSearch options={PERMISSION_OPTIONS} />
      </Form.Item>
      <Form.Item name="sort" label="菜单排序">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </>
  );
}

const toValues = (r: MenuRow): MenuValues => ({
  type: r.type as MenuValues['type'],
  pid: r.pid ?? 0,
  title: r.title,
  path: r.path,
  component: r.component,
  icon: r.icon,
  permission: r.permission,
  sort: r.sort,
  hidden: r.hidden,
  cache: r.cache,
  alwaysShow: r.alwaysShow,
  iFrame: r.iFrame,
});
const DEFAULTS: Omit<MenuValues, 'title'> = { type: 0, pid: 0, sort: 999, hidden: false, cache: true, alwaysShow: true, iFrame: false };

/** 新增菜单 / 编辑菜单 (700 px). `parent`: a new entry under it (新增下级). */
export function MenuDialog({
  open,
  editing,
  parent,
  onSaved,
  onClose,
}: {
  open: boolean;
  editing: MenuRow | null;
  parent: MenuRow | null;
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  async function save(v: MenuValues) {
    const body = {
      type: v.type,
      pid: v.pid || null,
      title: v.title,
      path: v.type === 2 ? '' : (v.path ?? ''),
      component: v.type === 2 || v.iFrame ? null : (v.component ?? null),
      icon: v.type === 2 ? null : ((v.icon ?? null) as (typeof menus.MENU_ICONS)[number] | null),
      permission: (v.permission ?? null) as CallPermission,
      sort: v.sort ?? 999,
      hidden: v.hidden,
      cache: v.cache,
      alwaysShow: v.alwaysShow,
      iFrame: v.iFrame,
    };
    if (editing) await callApi(menus.menuEdit, { body: { ...body, id: editing.id } });
    else await callApi(menus.menuAdd, { body });
    await onSaved();
  }
  return (
    <FormDialog<MenuValues>
      open={open}
      title={editing ? '编辑菜单' : '新增菜单'}
      initialValues={editing ? toValues(editing) : { ...DEFAULTS, pid: parent?.id ?? 0, type: parent ? (parent.type === 1 ? 2 : 1) : 0 }}
      onSubmit={save}
      onClose={onClose}
    >
      {(form) => <MenuFields form={form} editing={editing} parent={parent} />}
    </FormDialog>
  );
}
type CallPermission = (typeof ALL_PERMISSIONS)[number] | null;
