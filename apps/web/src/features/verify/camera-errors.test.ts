import { describe, expect, it } from 'vitest';
import { cameraErrorText, cameraPrecheck } from './camera-errors';

describe('camera errors (spec 8)', () => {
  it('names each known error and falls back to a generic text with the name', () => {
    expect(cameraErrorText(new DOMException('x', 'NotAllowedError'))).toBe('错误：需要授予相机访问权限');
    expect(cameraErrorText(new DOMException('x', 'NotReadableError'))).toBe('错误：相机被占用');
    expect(cameraErrorText({ name: 'OverconstrainedError' })).toBe('错误：安装的摄像头不合适');
    expect(cameraErrorText(new DOMException('x', 'AbortError'))).toBe('错误：摄像头错误（AbortError）');
  });
  it('refuses an insecure page and a browser without streams before asking', () => {
    expect(cameraPrecheck({ isSecureContext: false, navigator: {} as Navigator })).toBe('InsecureContextError');
    expect(cameraPrecheck({ isSecureContext: true, navigator: {} as Navigator })).toBe('StreamApiNotSupportedError');
  });
});
