/**
 * A small line of the last samples, as wide as its card (an SVG, no chart library): oldest at the left,
 * newest at the right, scaled between the smallest and the largest sample shown (a steady figure is a
 * flat line in the middle). Before two samples it keeps its height, so cards line up.
 */
export function Sparkline({ values, label, height = 36 }: { values: readonly number[]; label: string; height?: number }) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const y = (v: number) => (max === min ? height / 2 : height - 3 - ((v - min) / (max - min)) * (height - 6));
  const x = (i: number) => (i / Math.max(1, values.length - 1)) * 100;
  const points = values.map((v, i) => `${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(' ');
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 100 ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      role="img"
      aria-label={`${label}（最近 ${values.length} 次）`}
      data-testid={`spark-${label}`}
    >
      {values.length > 1 && (
        <>
          <polygon fill="rgba(22, 119, 255, 0.12)" stroke="none" points={`0,${height} ${points} 100,${height}`} />
          <polyline fill="none" stroke="#1677ff" strokeWidth={1.5} vectorEffect="non-scaling-stroke" points={points} />
        </>
      )}
    </svg>
  );
}
