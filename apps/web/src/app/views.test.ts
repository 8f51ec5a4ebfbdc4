import { describe, expect, it } from 'vitest';
import { SCREENS } from '@venue/contract/screens';
import { views } from './views';

describe('views', () => {
  it('has a view for every screen key a menu may name', () => {
    const missing = Object.values(SCREENS).filter((key) => !views[key]);
    expect(missing).toEqual([]);
  });

  it('has no view the menus cannot reach', () => {
    const screens = new Set<string>(Object.values(SCREENS));
    expect(Object.keys(views).filter((key) => !screens.has(key))).toEqual([]);
  });
});
