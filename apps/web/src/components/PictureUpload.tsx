import { useState } from 'react';
import { Upload, type UploadProps } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import * as goods from '@venue/contract/goods';
import { uploadFile } from '@/lib/http';
import { notify } from '@/lib/notify';

interface Props {
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** What the picture shows, for screen readers. */
  alt?: string;
}

/** A picture field: checks type and size before sending, shows the stored picture. */
export function PictureUpload({ value, onChange, alt = '商品图片' }: Props) {
  const [loading, setLoading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(goods.PICTURE_TYPES as readonly string[]).includes(file.type)) {
      notify.warning(goods.uploadPicture.refusals.wrongType);
      return Upload.LIST_IGNORE;
    }
    if (file.size > goods.PICTURE_MAX_BYTES) {
      notify.warning(goods.uploadPicture.refusals.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  // uploadFile shows a refusal or a failed request itself.
  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setLoading(true);
    uploadFile(goods.uploadPicture, file as Blob)
      .then((data) => {
        onChange?.(data.url);
        onSuccess?.(data);
      })
      .catch((error: Error) => onError?.(error))
      .finally(() => setLoading(false));
  };

  return (
    <Upload
      name="file"
      accept={goods.PICTURE_TYPES.join(',')}
      listType="picture-card"
      showUploadList={false}
      customRequest={upload}
      beforeUpload={beforeUpload}
    >
      {value ? (
        <img src={value} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {loading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>上传图片</div>
        </div>
      )}
    </Upload>
  );
}
