import { useState } from 'react';
import { Upload, type UploadProps } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Code, goods } from '@venue/contract';
import { tokenStore } from '@/lib/storage';
import { notify } from '@/lib/notify';

interface Props {
  value?: string | null;
  onChange?: (url: string | null) => void;
}

/** A picture field: checks type and size before sending, shows the stored picture. */
export function PictureUpload({ value, onChange }: Props) {
  const [loading, setLoading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(goods.PICTURE_TYPES as readonly string[]).includes(file.type)) {
      notify.warning('只能上传 JPG、PNG、GIF 或 WEBP 图片');
      return Upload.LIST_IGNORE;
    }
    if (file.size > goods.PICTURE_MAX_BYTES) {
      notify.warning(`图片不能超过 ${goods.PICTURE_MAX_BYTES / 1024 / 1024}MB`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const onUploadChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'uploading') setLoading(true);
    if (file.status === 'done' || file.status === 'error') setLoading(false);
    if (file.status === 'done') {
      const body = file.response as { code: number; msg: string; data: { url: string } | null };
      if (body.code === Code.OK && body.data) onChange?.(body.data.url);
      else notify.warning(body.msg);
    }
    if (file.status === 'error') notify.error((file.response as { msg?: string } | undefined)?.msg ?? '图片上传失败');
  };

  return (
    <Upload
      name="file"
      accept={goods.PICTURE_TYPES.join(',')}
      listType="picture-card"
      showUploadList={false}
      action={`/api/${goods.UPLOAD_PICTURE_PATH}`}
      headers={{ Authorization: `Bearer ${tokenStore.get() ?? ''}` }}
      beforeUpload={beforeUpload}
      onChange={onUploadChange}
    >
      {value ? (
        <img src={value} alt="商品图片" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {loading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>上传图片</div>
        </div>
      )}
    </Upload>
  );
}
