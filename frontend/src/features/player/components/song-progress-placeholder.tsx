/** Where the song's progress goes while now playing loads: the same height, so nothing moves. */
export function SongProgressPlaceholder() {
  return (
    <div className="grid gap-1.5" aria-hidden="true">
      <div className="h-1 rounded-full bg-white/15" />
      <div className="h-4" />
    </div>
  );
}
