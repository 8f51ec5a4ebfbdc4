import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { CallData } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { PictureUpload } from '@/components/PictureUpload';
import { callApi } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { rules } from '@/lib/validators';
import { MemberDetailDrawer } from '../components/MemberDetailDrawer';
import { SellCardDialog } from '../components/SellCardDialog';

type Row = z.infer<typeof member.memberRow>;
type Values = z.input<typeof member.memberForm>;
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const typeOptions = (types: CallData<typeof member.memberTypes>) => types.map((t) => ({ value: t.memberTypeId, label: t.memberTypeName }));

/** 会员档案: find members by name, phone or card; add and edit them with their family; their detail page; sell them a card. */
export default function MemberArchivePage() {
  const types = useApiQuery(member.memberTypes, {}, { select: typeOptions }).data ?? [];
  const [selling, setSelling] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <>
      <CrudPage<Row, { keyword?: string }, Values>
        entity="会员"
        rowKey="memberId"
        list={member.members}
        toFilters={({ keyword }) => ({ keyword: keyword ? String(keyword) : undefined })}
        searchFields={
          <Form.Item name="keyword">
            <Input placeholder="请输入姓名/手机号/会员卡号" allowClear style={{ width: 240 }} />
          </Form.Item>
        }
        columns={[
          { title: '会员姓名', dataIndex: 'memberName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '身份证号', dataIndex: 'idNumber' },
          { title: '性别', dataIndex: 'gender', render: (g: string | null) => (g ? member.GENDER_LABELS[g as 'M'] : '—') },
          { title: '会员类型', dataIndex: 'memberTypeName' },
          { title: '来源', dataIndex: 'source', render: (s: Row['source']) => member.MEMBER_SOURCE_LABELS[s] },
          { title: '会员卡', dataIndex: 'cardCount' },
        ]}
        permissions={{ add: PERMISSIONS.member.member.add, edit: PERMISSIONS.member.member.edit }}
        toValues={(row) => ({
          memberName: row.memberName,
          phone: row.phone.includes('*') ? '' : row.phone,
          idNumber: row.idNumber?.includes('*') ? '' : (row.idNumber ?? ''),
          gender: (row.gender as Values['gender']) ?? undefined,
          birthday: row.birthday ?? '',
          photo: row.photo ?? '',
          memberTypeId: row.memberTypeId ?? undefined,
          source: row.source,
          remark: row.remark,
        })}
        defaults={{ source: 'B', family: [] }}
        formFields={(form, editing) => (
          <>
            <Form.Item name="memberName" label="会员姓名" rules={[{ required: true, whitespace: true, message: '请输入会员姓名' }]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }, rules.mobile]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="idNumber" label="身份证号" rules={[rules.idNumber]}>
              <Input maxLength={18} />
            </Form.Item>
            <Form.Item name="gender" label="性别">
              <Select allowClear options={options(member.GENDER_LABELS)} />
            </Form.Item>
            <Form.Item name="birthday" label="生日">
              <Input type="date" />
            </Form.Item>
            <Form.Item name="photo" label="照片" extra="上传或用手机拍照">
              <PictureUpload />
            </Form.Item>
            <Form.Item name="memberTypeId" label="会员类型">
              <Select allowClear options={types} />
            </Form.Item>
            <Form.Item name="source" label="来源">
              <Select options={options(member.MEMBER_SOURCE_LABELS)} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
            <Form.List name="family">
              {(fields, { add, remove }) => (
                <Form.Item label="家庭成员">
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入家庭成员姓名' }]}>
                        <Input placeholder="姓名" aria-label="家庭成员姓名" style={{ width: 100 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'relation']} rules={[{ required: true, message: '请选择家庭关系' }]}>
                        <Select placeholder="关系" aria-label="家庭关系" options={options(member.FAMILY_RELATION_LABELS)} style={{ width: 90 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'phone']} rules={[rules.mobile]}>
                        <Input placeholder="电话" aria-label="家庭成员电话" style={{ width: 130 }} />
                      </Form.Item>
                      <MinusCircleOutlined aria-label="删除家庭成员" onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ relation: 'O' })}>
                    添加家庭成员
                  </Button>
                </Form.Item>
              )}
            </Form.List>
            {editing && <FamilyLoader form={form} memberId={editing.memberId} />}
          </>
        )}
        create={(values) => callApi(member.addMember, { body: clean(values) })}
        update={(row, values) => callApi(member.editMember, { body: { ...clean(values), memberId: row.memberId } })}
        actionWidth={160}
        rowActions={(row, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(row.memberId)}>
              详情
            </Button>
            <Permission value={[PERMISSIONS.member.card.sell]}>
              <Button size="small" type="link" onClick={() => setSelling({ row, reload })}>
                办卡
              </Button>
            </Permission>
          </>
        )}
      />
      {viewing !== null && <MemberDetailDrawer memberId={viewing} onClose={() => setViewing(null)} />}
      {selling && (
        <SellCardDialog
          member={{ memberId: selling.row.memberId, memberName: selling.row.memberName }}
          onClose={() => setSelling(null)}
          onSold={() => void selling.reload()}
        />
      )}
    </>
  );
}

/** Empty optional fields are left out (the server keeps them empty). */
function clean(v: Values): Values {
  return {
    ...v,
    idNumber: v.idNumber || undefined,
    birthday: v.birthday || undefined,
    photo: v.photo || undefined,
    family: (v.family ?? []).map((f) => ({ ...f, phone: f.phone || undefined })),
  };
}

/** Fills the edit form's family from the member's archive (the list row does not carry it). */
function FamilyLoader({ form, memberId }: { form: FormInstance<Values>; memberId: number }) {
  const family = useApiQuery(member.memberArchive, { params: { id: memberId } }).data?.family;
  useEffect(() => {
    if (family)
      form.setFieldValue(
        'family',
        family.map((f) => ({ ...f, phone: f.phone ?? '' })),
      );
  }, [family, form]);
  return null;
}
