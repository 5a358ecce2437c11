import type { CSSProperties, ReactElement } from 'react';
import { cx } from './cx';

/** Props of {@link VoiceSkeleton}. @public */
export interface VoiceSkeletonProps {
  /** The width (px when a number; default the container's). */
  readonly width?: number | string;
  /** The height (px when a number; default 12). */
  readonly height?: number | string;
  /** A circle (avatars). */
  readonly circle?: boolean;
  /** Extra class names. */
  readonly className?: string;
}

/**
 * A loading placeholder (`xv-skeleton`), hidden from assistive technology (announce the loading
 * state on the list itself with `aria-busy`).
 * @public
 */
export function VoiceSkeleton(props: VoiceSkeletonProps): ReactElement {
  const { width = '100%', height = 12, circle, className } = props;
  const style: CSSProperties = { width, height, borderRadius: circle ? '50%' : undefined };
  return <span aria-hidden="true" className={cx('xv-skeleton', className)} style={style} />;
}
