import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import * as member from '@venue/contract/member';
import type { z } from 'zod';
import { downloadFile, uploadFile } from '@/lib/http';
import { notify } from '@/lib/notify';

type Result = z.infer<typeof member.importResult>;

/** Import cards from the .xlsx template: progress while sending; bad rows listed by line, nothing imported. */
export function ImportCardsDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function send(file: File) {
    setResult(null);
    setPercent(0);
    try {
      const data = await uploadFile(member.importCard, file, { onProgress: setPercent });
      setPercent(100);
      setResult(data);
      if (data.errors.length === 0) {
        notify.success(`导入成功，共 ${data.imported} 张会员卡`);
        onImported();
      }
    } catch {
      // uploadFile has shown why.
      setPercent(null);
    }
  }

  return (
    <Modal open title="导入会员卡" width={700} footer={null} onCancel={onClose} maskClosable={false}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title="请先下载模板，按模板填写后上传（.xlsx）。任何一行有误时整批不导入。" />
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(member.downloadCardModel)}>
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        {percent !== null && <Progress percent={percent} status={result && result.errors.length ? 'exception' : undefined} />}
        {result && result.errors.length > 0 && (
          <>
            <Alert type="error" showIcon title={`有 ${result.errors.length} 行数据有误，本次未导入任何会员卡，请修改后重新上传`} />
            <Table
              rowKey={(r) => `${r.line}-${r.message}`}
              size="small"
              pagination={false}
              scroll={{ y: 260 }}
              dataSource={result.errors}
              columns={[
                { title: '行号', dataIndex: 'line', width: 80 },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
