import { useEffect, useState, type RefObject } from 'react';

/** How many plan metres one screen pixel covers now, so handles keep a finger-sized on-screen size at any zoom. */
export function useMetresPerPixel(svgRef: RefObject<SVGSVGElement | null>, zoom: number): number {
  const [mpp, setMpp] = useState(0.1);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const scale = svg.getScreenCTM()?.a;
      if (scale && Number.isFinite(scale) && scale > 0) setMpp(1 / scale);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(svg);
    return () => ro.disconnect();
  }, [svgRef, zoom]);
  return mpp;
}
