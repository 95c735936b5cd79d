import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A uPlot chart: made once per options, fed new data in place (the dashboard polls). */
export function UChart({
  options,
  data,
  label,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  useEffect(() => {
    if (!box.current) return;
    chart.current = new uPlot(
      { ...options, width: box.current.clientWidth || 560, height: 220 },
      data,
      box.current,
    );
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
    // Rebuilt only when its options change; new data goes through setData below.
  }, [options]);
  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);
  return <div className="chart" role="img" aria-label={label} ref={box} />;
}
