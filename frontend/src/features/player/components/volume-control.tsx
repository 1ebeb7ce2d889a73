import { useId, type CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import { VolumeIcon } from './volume-icon';

type VolumeControlProps = {
  /** 0 to 1. */
  volume: number;
  onChange: (volume: number) => void;
  className?: string;
};

/** A slider from 0 to 100 in steps of 1 (spec section 5) that sets a volume from 0 to 1. */
export function VolumeControl({ volume, onChange, className }: VolumeControlProps) {
  const id = useId();
  const percent = Math.round(volume * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <label htmlFor={id} className="flex shrink-0 items-center text-ink-foreground/80">
        <VolumeIcon percent={percent} />
        <span className="sr-only">Volume</span>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={`${percent}%`}
        onChange={(event) => onChange(Number(event.target.value) / 100)}
        style={{ '--fill': `${percent}%` } as CSSProperties}
        className="h-1.5 w-full cursor-pointer appearance-none rounded-full bg-[linear-gradient(to_right,var(--color-orange-300)_var(--fill),rgb(255_255_255/0.2)_var(--fill))] focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:ring-offset-4 focus-visible:ring-offset-ink focus-visible:outline-none [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow"
      />
      <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
