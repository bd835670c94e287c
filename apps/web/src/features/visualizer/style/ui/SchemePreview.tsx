import { useEffect, useRef } from 'react';
import { SCHEME_SAMPLES, schemeSamples } from '../schemes.ts';
import type { ColorScheme } from '../types.ts';

/** The scheme's 512 samples drawn into a one-pixel-high canvas, stretched to the given size. */
export function SchemePreview({ scheme, label, height = 12 }: { scheme: ColorScheme; label: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify(scheme);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const samples = schemeSamples(JSON.parse(key) as ColorScheme, SCHEME_SAMPLES);
    context.putImageData(new ImageData(new Uint8ClampedArray(samples), SCHEME_SAMPLES, 1), 0, 0);
  }, [key]);
  return (
    <canvas
      ref={canvas}
      width={SCHEME_SAMPLES}
      height={1}
      role="img"
      aria-label={label}
      style={{ display: 'block', width: '100%', height, borderRadius: 2 }}
    />
  );
}
