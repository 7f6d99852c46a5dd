/** A bar filled to value / max, read out as a progressbar with its label (free delivery, free shakes used). */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  className,
  fillClassName,
}: {
  label: string;
  value: number;
  max: number;
  valueText?: string;
  className: string;
  fillClassName?: string;
}) {
  const pct = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span className={fillClassName} style={{ width: `${pct}%` }} />
    </div>
  );
}
