import { describe, expect, it } from 'vitest';
import { asLogo, logoKeyOf, MAX_LOGO_BYTES } from './logo-store';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ICO = Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16]);

describe('asLogo', () => {
  it('keeps a raster image whose bytes match an accepted type, typed by its bytes', () => {
    expect(asLogo('image/png', PNG)?.contentType).toBe('image/png');
    expect(asLogo('image/vnd.microsoft.icon', ICO)?.contentType).toBe('image/x-icon');
    // A PNG saved as favicon.ico is common: served as the PNG it is.
    expect(asLogo('image/x-icon', PNG)?.contentType).toBe('image/png');
  });

  it('refuses SVG, an HTML error page served as an image, an undeclared type, empty and oversized bodies', () => {
    expect(asLogo('image/svg+xml', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(asLogo('image/png', new TextEncoder().encode('<!doctype html><title>Not found</title>'))).toBeNull();
    expect(asLogo('text/html', PNG)).toBeNull();
    expect(asLogo(null, PNG)).toBeNull();
    expect(asLogo('image/png', new Uint8Array())).toBeNull();
    const huge = new Uint8Array(MAX_LOGO_BYTES + 1);
    huge.set(PNG);
    expect(asLogo('image/png', huge)).toBeNull();
  });
});

describe('logoKeyOf', () => {
  it('reads the key of our own logo URLs only', () => {
    expect(logoKeyOf('https://latentjobs.example', 'https://latentjobs.example/logos/0a1b-2c3d')).toBe('0a1b-2c3d');
    expect(logoKeyOf('https://latentjobs.example', 'https://cohere.com/logo.png')).toBeNull();
    expect(logoKeyOf('https://latentjobs.example', 'https://latentjobs.example/logos/../secrets')).toBeNull();
    expect(logoKeyOf('https://latentjobs.example', null)).toBeNull();
  });
});
