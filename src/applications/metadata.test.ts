import { describe, expect, it } from 'vitest';
import { followServer, metadataOf, safeUrl, unsavedFields } from './metadata';

const saved = metadataOf({ description: 'Shop', url: null, color: '#fff' });

describe('application metadata', () => {
  it('reads missing fields as empty and names the fields that differ from the server', () => {
    expect(saved).toEqual({ description: 'Shop', url: '', color: '#fff', icon: '' });
    expect(unsavedFields({ ...saved, url: 'https://x.test', icon: 'cloud' }, saved)).toEqual(['url', 'icon']);
    expect(unsavedFields(saved, saved)).toEqual([]);
  });

  it('lets the fields nobody edited follow the server, keeping what was typed', () => {
    const typed = { ...saved, url: 'https://typed.test' };
    const server = { ...saved, description: 'New', url: 'https://server.test' };
    expect(followServer(typed, saved, server)).toEqual({ ...server, url: 'https://typed.test' });
  });

  it('links only http and https addresses', () => {
    expect(safeUrl('https://shop.example.com/a')).toBe('https://shop.example.com/a');
    expect(safeUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
    expect(safeUrl(null)).toBeUndefined();
  });
});
