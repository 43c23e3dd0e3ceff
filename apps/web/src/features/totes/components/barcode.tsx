import { toSVG } from 'bwip-js/browser';
import { useMemo } from 'react';

export interface BarcodeProps {
  /** The text encoded as Code 128. */
  value: string;
  /** Bar height in millimetres. */
  height?: number;
}

/** A Code 128 barcode as an SVG image with the value as its text alternative. */
export function Barcode({ value, height = 8 }: BarcodeProps) {
  const src = useMemo(() => {
    const svg = toSVG({ bcid: 'code128', text: value, height, includetext: true, textxalign: 'center' });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [value, height]);
  return <img src={src} alt={`Barcode ${value}`} style={{ height: `${height + 5}mm`, maxWidth: '100%' }} />;
}
