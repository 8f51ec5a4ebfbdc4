import { useEffect } from 'react';
import { Checkbox, Form, InputNumber, Radio, Select, type FormInstance } from 'antd';
import * as payment from '@venue/contract/payment';
import * as sale from '@venue/contract/sale';
import { FormDialog } from '@/components/list/FormDialog';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useReceiptPrinter, type PaperWidth } from '@/features/checkout';

interface Values {
  venueId: number;
  needPrint: 'T' | 'F';
  printNum: number;
  allowPayTypes: string[];
  paperWidth: PaperWidth;
}

const CARD_TYPES = [
  { value: 'M', label: '储值卡' },
  { value: 'T', label: '次卡' },
  { value: 'D', label: '期限卡' },
];

/**
 * Loads the chosen venue's sales-receipt config into the form whenever the venue changes, and answers whether
 * an answer is still on its way: until it lands the fields stay disabled, so a value typed meanwhile is never
 * overwritten by the late answer (and then saved as the old value).
 */
function useVenueConfigLoader(form: FormInstance<Values>): boolean {
  const venueId = Form.useWatch('venueId', form);
  const {
    data: config,
    dataUpdatedAt,
    isFetching,
  } = useApiQuery(payment.getPrintConfig, { query: { venueId, typeId: sale.SALE_ORDER_TYPE } }, { enabled: !!venueId });
  // On every answer, not only a changed one: a cached config is set before the dialog resets its fields, the fresh answer after.
  useEffect(() => {
    if (config) form.setFieldsValue({ needPrint: config.needPrint, printNum: config.printNum, allowPayTypes: config.allowPayTypes.split(',').filter(Boolean) });
  }, [config, dataUpdatedAt, form]);
  return isFetching;
}

/**
 * 小票打印设置: per venue, whether sales receipts print, how many copies, and for which card pay types a
 * card payment prints (spec 4 "Printing"); the paper width belongs to this computer's printer.
 */
export function PrintConfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const currentVenueId = useSession((s) => s.user?.currentVenueId);
  const venueGroups = useVenueGroups();
  const printer = useReceiptPrinter(currentVenueId);
  const saveConfig = useApiMutation(payment.savePrintConfig, { invalidates: [payment.getPrintConfig] });

  async function save({ paperWidth, allowPayTypes, ...config }: Values) {
    await saveConfig.mutateAsync({ body: { ...config, typeId: sale.SALE_ORDER_TYPE, allowPayTypes: allowPayTypes.join(',') } });
    printer.setWidth(paperWidth);
  }

  return (
    <FormDialog<Values>
      open={open}
      title="小票打印设置"
      onClose={onClose}
      onSubmit={save}
      initialValues={{ venueId: currentVenueId ?? undefined, needPrint: 'T', printNum: 1, allowPayTypes: ['M', 'T', 'D'], paperWidth: printer.width }}
    >
      {(form) => <PrintConfigFields form={form} venueGroups={venueGroups} />}
    </FormDialog>
  );
}

function PrintConfigFields({ form, venueGroups }: { form: FormInstance<Values>; venueGroups: ReturnType<typeof useVenueGroups> }) {
  const loading = useVenueConfigLoader(form);
  return (
    <>
      <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
        <Select options={venueGroups} optionFilterProp="label" showSearch />
      </Form.Item>
      <Form.Item name="needPrint" label="收款后打印">
        <Radio.Group
          disabled={loading}
          options={[
            { value: 'T', label: '打印' },
            { value: 'F', label: '不打印' },
          ]}
        />
      </Form.Item>
      <Form.Item name="printNum" label="打印份数" rules={[{ required: true, message: '请输入打印份数' }]}>
        <InputNumber min={1} max={5} precision={0} disabled={loading} />
      </Form.Item>
      <Form.Item name="allowPayTypes" label="会员卡支付打印" extra="仅会员卡支付时生效：所选类型的卡支付后打印小票">
        <Checkbox.Group options={CARD_TYPES} disabled={loading} />
      </Form.Item>
      <Form.Item name="paperWidth" label="本机小票纸宽">
        <Radio.Group
          options={[
            { value: 58, label: '58 mm' },
            { value: 80, label: '80 mm' },
          ]}
        />
      </Form.Item>
    </>
  );
}
