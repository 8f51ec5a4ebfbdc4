import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Code, member, type Envelope } from '@venue/contract';
import type { z } from 'zod';
import { downloadFile, http } from '@/lib/http';
import { notify } from '@/lib/notify';

type Result = z.infer<typeof member.importResult>;

/** Import cards from the .xlsx template: progress while sending; bad rows listed by line, nothing imported. */
export function ImportCardsDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function send(file: File) {
    setResult(null);
    setPercent(0);
    const form = new FormData();
    form.append('file', file);
    try {
      const { data } = await http.post<Envelope<Result | null>>(member.IMPORT_CARD_PATH, form, {
        onUploadProgress: (e) => setPercent(Math.round(((e.loaded ?? 0) / (e.total ?? file.size)) * 100)),
      });
      setPercent(100);
      if (data.code !== Code.OK || !data.data) notify.warning(data.msg);
      else {
        setResult(data.data);
        if (data.data.errors.length === 0) {
          notify.success(`导入成功，共 ${data.data.imported} 张会员卡`);
          onImported();
        }
      }
    } catch (error) {
      const msg = (error as { response?: { data?: { msg?: string } } }).response?.data?.msg;
      notify.error(msg ?? '导入失败');
      setPercent(null);
    }
  }

  return (
    <Modal open title="导入会员卡" width={700} footer={null} onCancel={onClose} maskClosable={false}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title="请先下载模板，按模板填写后上传（.xlsx）。任何一行有误时整批不导入。" />
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(member.DOWNLOAD_CARD_MODEL_PATH, {}, '会员卡导入模板.xlsx')}>下载模板</Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => { void send(file); return false; }}>
            <Button type="primary" icon={<UploadOutlined />}>选择文件并导入</Button>
          </Upload>
        </Space>
        {percent !== null && <Progress percent={percent} status={result && result.errors.length ? 'exception' : undefined} />}
        {result && result.errors.length > 0 && (
          <>
            <Alert type="error" showIcon title={`有 ${result.errors.length} 行数据有误，本次未导入任何会员卡，请修改后重新上传`} />
            <Table rowKey={(r) => `${r.line}-${r.message}`} size="small" pagination={false} scroll={{ y: 260 }} dataSource={result.errors}
              columns={[{ title: '行号', dataIndex: 'line', width: 80 }, { title: '问题', dataIndex: 'message' }]} />
          </>
        )}
      </Space>
    </Modal>
  );
}
