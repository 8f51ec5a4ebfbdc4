/** Shown with every camera error (spec 8). */
export const CAMERA_INIT_FAILED = '摄像初始化失败！！！';

const BY_NAME: Record<string, string> = {
  NotAllowedError: '错误：需要授予相机访问权限',
  NotFoundError: '错误：此设备上没有摄像头',
  NotSupportedError: '错误：需要安全上下文（HTTPS，本地主机）',
  NotReadableError: '错误：相机被占用',
  OverconstrainedError: '错误：安装的摄像头不合适',
  StreamApiNotSupportedError: '错误：此浏览器不支持流API',
  InsecureContextError: '错误：仅允许在安全上下文中访问摄像头，请使用HTTPS或本地主机，而不是HTTP',
};

/** The scan-error text of a camera failure (spec 8): one per known error name, else a generic one with the name. */
export function cameraErrorText(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : String(error);
  return BY_NAME[name] ?? `错误：摄像头错误（${name}）`;
}

/** Why a camera cannot start before asking for it: no secure context, or no stream API at all. */
export function cameraPrecheck(win: { isSecureContext: boolean; navigator: Navigator }): string | null {
  if (!win.isSecureContext) return 'InsecureContextError';
  if (!win.navigator.mediaDevices?.getUserMedia) return 'StreamApiNotSupportedError';
  return null;
}
