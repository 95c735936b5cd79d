import './skeleton.css';

/** A grey placeholder block of the final content's size, so nothing moves when the data arrives. */
export function Skeleton({
  width = '100%',
  height,
  radius = 6,
}: {
  width?: number | string;
  height: number;
  radius?: number;
}) {
  return <span className="ui-skeleton" style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}
