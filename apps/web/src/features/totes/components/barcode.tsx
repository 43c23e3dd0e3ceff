import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface BarcodeProps {
  /** The text encoded as Code 128. */
  value: string;
  /** Bar height in millimetres. */
  height?: number;
}

/**
 * A Code 128 barcode as an SVG image with the value as its text alternative. bwip-js (about 900 KB) is fetched
 * when the first barcode shows, so the Totes table itself loads without it.
 */
export function Barcode({ value, height = 8 }: BarcodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('bwip-js/browser').then(({ toSVG }) => {
      const svg = toSVG({ bcid: 'code128', text: value, height, includetext: true, textxalign: 'center' });
      if (isCurrent) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [value, height]);
  const size = `${height + 5}mm`;
  if (!src) return <Skeleton h={size} w="30mm" aria-hidden />;
  return <img src={src} alt={`Barcode ${value}`} style={{ height: size, maxWidth: '100%' }} />;
}
